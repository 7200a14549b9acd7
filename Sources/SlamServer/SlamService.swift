import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
import SlamUIJSON

/// The protocol's heart: maps JSON-RPC messages from any number of clients
/// onto one hosted ``SlamUI/Application``, and tells subscribers what changed.
///
/// Transport-free and single-threaded by design: the daemon calls it only on
/// its event loop, so requests run one at a time, in arrival order, with no
/// locks and no task hops; tests call it directly.
///
/// ```swift
/// let service = SlamService(application: try DemoApp.makeApplication(), scheduler: loopScheduler)
/// let session = ClientSession(identifier: 1) { bytes in write(bytes) }
/// service.connect(session)
/// service.receive(Array(#"{"jsonrpc":"2.0","method":"ping","id":1}"#.utf8), from: session)
/// ```
public final class SlamService {
    public struct Configuration: Sendable {
        /// Reported by `version`.
        public var serverVersion: String
        /// The transport's message limit, reported by `version`.
        public var maximumMessageBytes: Int
        /// `waitFor` timeout when the client gives none.
        public var defaultWaitTimeoutMilliseconds: Int
        /// The longest `waitFor` timeout accepted.
        public var maximumWaitTimeoutMilliseconds: Int
        /// The transports clients reach this service by, reported by `version` (names
        /// only: the service knows nothing of them; the daemon says which it serves).
        public var transports: [String]
        /// Where `trace.start` creates its files, an absolute path (the daemon: `--trace-dir`, else under
        /// the user's state directory); created 0700 when missing, refused when it is another user's.
        public var traceDirectory: String
        /// How the files `trace.start` names itself begin: `<prefix>-trace-<UTC date and time>.jsonl` (the daemon: its socket's name).
        public var traceNamePrefix: String
        /// The most trace bytes handed to the trace's writer and not yet written: past it, the trace ends.
        public var maximumTracePendingBytes: Int
        /// How long a client may take to answer `task.run` when its `tasks.register` named no timeout.
        public var taskTimeoutMilliseconds: Int
        /// How many pending waits and registered task names clients may make it hold (-32017 beyond).
        public var limits: ServiceLimits

        public init(serverVersion: String = SlamService.serverVersion, maximumMessageBytes: Int = 16 << 20,
                    defaultWaitTimeoutMilliseconds: Int = WaitForRequest.defaultTimeoutMilliseconds,
                    maximumWaitTimeoutMilliseconds: Int = 600_000, transports: [String] = ["unix"],
                    traceDirectory: String = DefaultSocketPath.directory, traceNamePrefix: String = "slamd",
                    maximumTracePendingBytes: Int = 16 << 20,
                    taskTimeoutMilliseconds: Int = TasksRegisterRequest.defaultTimeoutMilliseconds,
                    limits: ServiceLimits = ServiceLimits()) {
            self.serverVersion = serverVersion
            self.transports = transports
            self.traceDirectory = traceDirectory
            self.traceNamePrefix = traceNamePrefix
            self.maximumTracePendingBytes = maximumTracePendingBytes
            self.maximumMessageBytes = maximumMessageBytes
            self.defaultWaitTimeoutMilliseconds = defaultWaitTimeoutMilliseconds
            self.maximumWaitTimeoutMilliseconds = maximumWaitTimeoutMilliseconds
            self.taskTimeoutMilliseconds = taskTimeoutMilliseconds
            self.limits = limits
        }
    }

    /// The protocol version: the major number changes only with incompatible changes.
    public static let protocolVersion = VersionRequest.protocolVersion
    public static let serverVersion = SlamVersion.release

    /// The application served; `reset` replaces it with a fresh one from ``applicationFactory``.
    /// (Read after every message, on the service's thread only: unchecked, as the run-time
    /// exclusivity check costs more than the read.)
    @exclusivity(unchecked) public private(set) var application: Application
    /// Makes the application as it is at launch, for `reset`; nil when the service was given an application only.
    public let applicationFactory: (() throws -> Application)?
    public let configuration: Configuration
    let scheduler: Scheduler
    /// Dispatch for every method; one for all the instances of a daemon (it holds no service of its own:
    /// a handler serves the instance its connection uses).
    let dispatcher: Dispatcher<ClientSession>
    /// Which instance of the daemon this is, and what it hosts (``SlamInstances``).
    public internal(set) var instance: InstanceDescription
    /// The daemon's instances, when this service is one of them (nil for a service made on its own).
    weak var instances: SlamInstances?
    /// Whether `instance.close` ended this instance: its connections get -32019 until they use another.
    /// (Read by every request, on the service's thread only: unchecked, as for ``application``.)
    @exclusivity(unchecked) public internal(set) var isClosed = false

    private(set) var sessions: [Int: ClientSession] = [:]
    /// `waitFor`s and actions waiting for their element.
    let waits: PendingWaits
    /// Tasks clients registered, and their runs out (see `SlamService+ClientTasks`).
    let clientTasks: ClientTaskBroker
    /// Notifications held while clients run tasks (driven by ``clientTasks``'s runs).
    let notificationHold: NotificationHold
    /// Changes collected during the current turn, per controller, in change order.
    /// (This and the next are read after every message, on the service's thread only: unchecked, as
    /// the run-time exclusivity check costs more than the read.)
    @exclusivity(unchecked) private var changeLog: [(controller: ViewController, elements: [View])] = []
    /// Set when something happened that a pending wait could be waiting for.
    @exclusivity(unchecked) private var uiMayHaveChanged = false
    private(set) var isShuttingDown = false
    /// The controllers on the stack at the last navigation: a newly shown one has no "changes".
    private var controllersOnStack: Set<ObjectIdentifier> = []
    /// Locators' regular expressions, compiled (see `SlamService+Locators`).
    var compiledPatterns: [LocatorPattern: BoundedPattern] = [:]
    /// Roles the app's own element types take beyond the built-in ones, as role locators met them
    /// (see `SlamService+Locators`): looking for them again builds no screens.
    var appRoles: Set<AccessibilityRole> = []
    /// What attached renderers were last told (see ``RemoteUIMirror``).
    let remoteUI = RemoteUIMirror()
    /// The trace being written (`trace.start`); nil, the usual case, costs each message one test.
    var trace: TraceRecorder?
    /// Why the last trace ended on its own (its file could not be written), for `trace.stop`.
    var lastTraceFailure: (path: String, reason: String)?
    /// Elements' change tasks that a person's change started: their pauses and runs (see `SlamService+ChangeTasks`).
    var changeTaskRuns: [ObjectIdentifier: ChangeTaskRuns] = [:]
    /// Requests connections sent behind their own unanswered ones (see `SlamService+RequestOrder`).
    let heldRequests: HeldRequests

    /// Serves `application`; `reset` is refused (there is no way to make the launch state again).
    /// A service made on its own is one instance, `main`, and makes no others (``SlamInstances`` does).
    public convenience init(application: Application, scheduler: Scheduler, configuration: Configuration = Configuration()) {
        self.init(application: application, factory: nil, scheduler: scheduler, configuration: configuration,
                  dispatcher: Self.makeDispatcher(), holdings: DaemonHoldings(), instance: .main)
    }

    /// Serves what `makeApplication` makes; `reset` makes it again.
    public convenience init(makeApplication: @escaping () throws -> Application, scheduler: Scheduler,
                            configuration: Configuration = Configuration()) throws {
        self.init(application: try makeApplication(), factory: makeApplication, scheduler: scheduler, configuration: configuration,
                  dispatcher: Self.makeDispatcher(), holdings: DaemonHoldings(), instance: .main)
    }

    init(application: Application, factory: (() throws -> Application)?, scheduler: Scheduler, configuration: Configuration,
         dispatcher: Dispatcher<ClientSession>, holdings: DaemonHoldings, instance: InstanceDescription) {
        self.application = application
        self.applicationFactory = factory
        self.scheduler = scheduler
        self.configuration = configuration
        self.dispatcher = dispatcher
        self.instance = instance
        notificationHold = NotificationHold(scheduler: scheduler)
        clientTasks = ClientTaskBroker(hold: notificationHold, scheduler: scheduler, limits: configuration.limits, holdings: holdings)
        waits = PendingWaits(scheduler: scheduler, limits: configuration.limits, holdings: holdings)
        heldRequests = HeldRequests(scheduler: scheduler, limits: configuration.limits, holdings: holdings)
        connectMachines()
        adopt(application)
    }

    /// Dispatch for every method, with the clients' answers to `task.run` routed to the runs of the
    /// instance the client uses. It holds no service: every handler serves its connection's.
    static func makeDispatcher() -> Dispatcher<ClientSession> {
        let dispatcher = Dispatcher(registry: MethodRegistry(makeMethodDescriptors()))
        dispatcher.responseHandler = { id, outcome, session in
            session.service?.clientTasks.receiveAnswer(id: id, outcome: outcome, from: session)
        }
        return dispatcher
    }

    /// What the hold, the runs, the waits and the held requests make the service do: end the turn
    /// (announce what changed, release what is held) when a timer of theirs ended something, a run's
    /// success, and run a held request.
    private func connectMachines() {
        // Through the instance the session uses when its turn comes: a held `instance.use` before it moved the session.
        heldRequests.perform = { message, ticket, session in session.service?.perform(message, answering: ticket, from: session) }
        notificationHold.endTurn = { [weak self] in self?.afterUIActivity() }
        clientTasks.endTurn = { [weak self] in self?.afterUIActivity() }
        waits.endTurn = { [weak self] in self?.afterUIActivity() }
        clientTasks.runSucceeded = { [weak self] run in self?.clientTaskSucceeded(run) }
    }

    /// Connects `application`'s events and scheduling to this service.
    func adopt(_ application: Application) {
        application.eventHandler = { [unowned self] event in applicationDidEmit(event) }
        // Bound elements and state the app changes outside any request (its own timers)
        // are updated and announced on the next turn of the UI's loop, as after a request.
        // (`afterUIActivity` runs the pending updates itself, so the update closure is not needed.)
        application.updateScheduler = { [weak self] _ in self?.scheduleActivityTurn() }
        application.state.changesPendingHandler = { [weak self] in self?.scheduleActivityTurn() }
        // Tasks clients registered outlive a `reset`: the fresh application runs them too.
        for name in clientTasks.registrations.keys { addClientTask(name, to: application) }
        // Changes made while the application started are nobody's news.
        for presentation in application.stack { _ = presentation.controller.takeChangedElements() }
        _ = application.state.takeChangedKeys()
        controllersOnStack = Set(application.stack.map { ObjectIdentifier($0.controller) })
    }

    /// Lets the application go (a closed instance's): its connections stay until they use another
    /// instance, but what they held of it need not.
    func dropApplication() {
        replaceApplication(with: Application(), adopting: false)
        controllersOnStack = []
    }

    /// Puts `fresh` in the place of the application served (``adopt(_:)``), the old one disconnected.
    func replaceApplication(with fresh: Application, adopting: Bool = true) {
        application.eventHandler = nil
        application.updateScheduler = nil
        application.state.changesPendingHandler = nil
        changeLog.removeAll()
        forgetChangeTasks()
        application = fresh
        if adopting { adopt(fresh) }
    }

    /// The methods this service answers, in documentation order.
    public var methods: [MethodDescriptor<ClientSession>] { dispatcher.registry.methods }

    // MARK: - Sessions

    public func connect(_ session: ClientSession) {
        sessions[session.identifier] = session
        session.service = self
        session.heldRequestsAreDue = { [unowned heldRequests] session in heldRequests.releaseSoon(session) }
        trace?.recordConnection("connect", client: session.identifier)
    }

    /// Forgets a session: its pending waits are cancelled, its held requests dropped, nothing more is sent to it.
    public func disconnect(_ session: ClientSession) {
        session.markClosed()
        leave(session, as: "disconnect")
        instances?.connectionLeft(self)
    }

    /// Forgets a session that goes, or moves to another instance (`instance.use`): its waits are
    /// cancelled, its held requests dropped (kept when it moves: they run in the instance it moves to),
    /// its tasks withdrawn, a renderer detached.
    func leave(_ session: ClientSession, as record: StaticString, keepingHeldRequests: Bool = false) {
        if !keepingHeldRequests { heldRequests.drop(of: session) }
        sessions[session.identifier] = nil
        if session.isAttachedToUI { detachUI(session) }
        waits.cancel(of: session)
        clientDidLeave(session)
        trace?.recordConnection(record, client: session.identifier)
    }

    /// The connections using this instance now.
    public var connectionCount: Int { sessions.count }

    /// Handles one framed message from `session`; its reply (if any) is queued on the session in order.
    ///
    /// It runs now, or, when an earlier message of the session is still unanswered, once that one
    /// is (see `SlamService+RequestOrder`).
    public func receive(_ message: [UInt8], from session: ClientSession) {
        if session.holdsRequests {
            hold(message, from: session)
            return
        }
        perform(message, answering: session.reserve(), from: session)
    }

    /// Runs one message of `session` whose reply fills `ticket`, then announces what it changed.
    func perform(_ message: [UInt8], answering ticket: ClientSession.Ticket, from session: ClientSession) {
        session.unansweredMessages += 1
        if let trace {
            receiveTraced(message, answering: ticket, from: session, trace: trace)
            return
        }
        let answer = dispatcher.handle(message, context: session) {
            { [weak session] reply in session?.answer(ticket, with: reply) }
        }
        if case .now(let reply) = answer { session.answer(ticket, with: reply) }
        afterUIActivity()
    }

    /// Answers a framing problem (over-size message, bad header) with an error whose id is null.
    public func receive(_ error: FramingError, from session: ClientSession) {
        let reply = ResponseEncoder.error(error.responseError, id: .null)
        if let trace {
            trace.recordUnreadable(client: session.identifier, text: nil, reason: error.responseError.message)
            trace.recordReply(reply, client: session.identifier)
        }
        session.fill(session.reserve(), with: reply)
    }

    // MARK: - Changes and events

    /// Collects what changed since the last turn, tells `changed` subscribers, and
    /// re-evaluates pending waits. Called after every message; call it after any
    /// UI activity that did not come from a request.
    public func afterUIActivity() {
        // A closed instance announces nothing more: its application is no longer driven.
        if isQuiet || isClosed { return }
        if application.hasDueChangeTasks { startChangeTasksDueOutsideRequests() }
        if notificationHold.keepsHolding {
            // A client is running a task: what changed goes out as one update once it has answered. The
            // model stays current meanwhile, and waits are judged, for the task's handler may wait too.
            repeat { application.performPendingUpdates() } while evaluateWaits()
            return
        }
        notificationHold.release { kind, bytes in deliver(bytes, of: kind) }
        // A pending action that acts changes the UI again: its changes go out, then the waits are judged anew.
        var acted = false
        repeat {
            // Bound elements asked for updates during the request: run them now, once per controller.
            application.performPendingUpdates()
            let changedState = stateValues(application.state.takeChangedKeys())
            if !changedState.isEmpty {
                uiMayHaveChanged = true
                broadcast(StateChangedEvent(values: changedState))
            }
            for presentation in application.stack {
                _ = takeChanges(of: presentation.controller)
            }
            let log = changeLog
            changeLog.removeAll()
            for entry in log where !entry.elements.isEmpty {
                uiMayHaveChanged = true
                broadcast(ChangedEventOutput(controller: entry.controller.identifier, elements: entry.elements))
            }
            if remoteUI.isActive { sendRedraw(changes: log, changedState: changedState) }
            // After an action, the waits after it in the order have not been judged yet.
            let mustEvaluate = uiMayHaveChanged || acted
            acted = false
            if mustEvaluate {
                uiMayHaveChanged = false
                acted = evaluateWaits()
            }
        } while acted
        notificationHold.endRelease()
    }

    /// Whether the end of a turn has nothing to do, as after most requests (a `find`, a `ping`): nothing
    /// changed, nothing is due, held or pending, no renderer is attached to tell. Cheaper to ask than
    /// to go through ``afterUIActivity()``'s steps, each of which would find nothing.
    private var isQuiet: Bool {
        !uiMayHaveChanged && changeLog.isEmpty && !remoteUI.isActive && notificationHold.isOpen && application.isSettled
    }

    /// The shared state's `keys` with their values, as clients see them (a key no longer held reads as null).
    func stateValues(_ keys: [String]) -> JSONValue.Object {
        let state = application.state
        return JSONValue.Object(uniqueKeysWithValues: keys.map { ($0, JSONValue(state: state[$0] ?? .null)) })
    }

    /// Runs ``afterUIActivity()`` on the loop's next turn, unless a request has
    /// already flushed what asked for it (then the turn has nothing left to do).
    private func scheduleActivityTurn() {
        _ = scheduler.schedule(afterMilliseconds: 0) { [weak self] in
            guard let self, application.hasPendingUpdates || application.state.hasChangedKeys else { return }
            afterUIActivity()
        }
    }

    /// The elements of `controller` changed since the last call, remembered for the `changed` event.
    func takeChanges(of controller: ViewController) -> [View] {
        let changed = controller.takeChangedElements()
        guard !changed.isEmpty else { return changed }
        if let index = changeLog.firstIndex(where: { $0.controller === controller }) {
            changeLog[index].elements += changed
        } else {
            changeLog.append((controller, changed))
        }
        return changed
    }

    private func applicationDidEmit(_ event: ApplicationEvent) {
        switch event {
        case .navigated:
            uiMayHaveChanged = true
            // A controller that just appeared is news as a whole (this event), not as element changes.
            for presentation in application.stack where !controllersOnStack.contains(ObjectIdentifier(presentation.controller)) {
                _ = presentation.controller.takeChangedElements()
            }
            controllersOnStack = Set(application.stack.map { ObjectIdentifier($0.controller) })
            broadcast(NavigatedEvent(stack: stackEntries, top: application.topController?.identifier))
        case let .taskRan(name, param):
            broadcast(TaskRanEvent(name: name, param: param))
        case let .openURL(address):
            broadcast(OpenURLEvent(address: address))
        case let .warning(message):
            emitLog(level: "warning", message: message)
        case let .focusChanged(controller, reference, previous):
            uiMayHaveChanged = true
            broadcast(FocusChangedEvent(controller: controller, ref: reference, previous: previous))
        }
    }

    /// Sends a `log` notification to its subscribers.
    public func emitLog(level: String, message: String) {
        broadcast(LogEvent(level: level, message: message))
    }

    /// Sends an event to its subscribers, written once for all of them; held while a client runs a task.
    func broadcast<Params: JSONEncoding>(_ params: Params) where Params.Value: SlamEventParams {
        let kind = Params.Value.kind
        guard sessions.values.contains(where: { $0.subscriptions.contains(kind) }),
              let bytes = try? params.jsonNode().serialized(prefix: Array(#"{"jsonrpc":"2.0","method":"\#(kind.rawValue)","params":"#.utf8),
                                                            suffix: [UInt8(ascii: "}")]) else { return }
        if notificationHold.holdsNotifications {
            notificationHold.hold(bytes, of: kind)
        } else {
            deliver(bytes, of: kind)
        }
    }

    /// Queues a notification for the event's subscribers now.
    func deliver(_ bytes: [UInt8], of kind: EventKind) {
        for session in sessions.values where session.subscriptions.contains(kind) {
            session.enqueueNotification(bytes)
        }
        if let trace {
            trace.recordNotification(bytes, clients: sessions.values.filter { $0.subscriptions.contains(kind) }.map(\.identifier).sorted())
        }
    }

    // MARK: - Shutdown

    /// Answers every pending wait with ``SlamRPC/ErrorCode/shuttingDown`` so no promised reply is left hanging.
    public func shutDown() {
        isShuttingDown = true
        for session in sessions.values.sorted(by: { $0.identifier < $1.identifier }) {
            refuseHeldRequests(of: session, with: ResponseError(code: .shuttingDown, message: "Shutting down: the daemon is stopping"))
        }
        waits.answerAll { wait in
            ResponseError(code: .shuttingDown, message: "Shutting down: the daemon is stopping", data: ["ref": wait.reference?.parameterJSON ?? .null])
        }
        abandonClientTaskCalls()
        _ = endTrace(reason: "shutdown")
    }

    // MARK: - Resolving parameters

    /// The controller named by `identifier` (the topmost on the stack with it), or the top controller.
    func controller(_ identifier: String?) throws(ResponseError) -> ViewController {
        if let identifier {
            guard let controller = application.controllerOnStack(identifier: identifier) else {
                throw SlamError.unknownController(identifier: identifier).responseError
            }
            return controller
        }
        guard let top = application.topController else { throw SlamError.noController.responseError }
        return top
    }
}
