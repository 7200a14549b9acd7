import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// The daemon's instances: isolated applications, each a ``SlamService`` with its own screens, state,
/// focus, waits, events, traces and client-registered tasks, sharing one dispatcher and one event loop.
///
/// `main`, the instance the daemon started with, is always there and is what a connection uses until
/// it sends `instance.use`. `instance.create` makes others, up to ``ServiceLimits/instances``.
///
/// An instance closes on `instance.close`, or on its own when it is idle: made by a connection that
/// has gone, used by none, for ``idleTimeoutMilliseconds``. A closed instance answers its connections
/// -32019 until they use another; it is kept (without its application's work) until the last of them leaves.
public final class SlamInstances {
    public typealias ApplicationFactory = () throws -> Application

    /// What `instance.create` can make.
    public struct Applications {
        /// The application the daemon was launched with (`app: "launched"`, the default).
        public var launched: ApplicationFactory
        /// Others by name, such as `demo`.
        public var named: [String: ApplicationFactory]
        /// Makes the application of a storyboard file, or throws a message naming the file and the JSON path at fault.
        public var storyboard: ((String) throws -> Application)?

        public init(launched: @escaping ApplicationFactory, named: [String: ApplicationFactory] = [:],
                    storyboard: ((String) throws -> Application)? = nil) {
            self.launched = launched
            self.named = named
            self.storyboard = storyboard
        }
    }

    public static let mainHandle = "main"
    public static let launchedApp = "launched"
    public static let storyboardApp = "storyboard"
    /// How long an instance made by a connection that has gone may stay unused, by default: one minute.
    public static let defaultIdleTimeoutMilliseconds = 60_000

    /// The instance the daemon started with; never closed.
    public let main: SlamService
    public let applications: Applications
    /// How long an idle instance stays open (see the type's summary); nil: until `instance.close`.
    public let idleTimeoutMilliseconds: Int?
    private let scheduler: Scheduler
    private let configuration: SlamService.Configuration
    private let dispatcher: Dispatcher<ClientSession>
    /// What all instances hold together, against the daemon's bounds.
    private let holdings = DaemonHoldings()
    /// Open instances besides `main`, in the order they were made.
    private var others: [String: SlamService] = [:]
    private var order: [String] = []
    private var lastNumber = 0
    /// Closed instances that connections still use, until the last of them leaves.
    private var closedInUse: [ObjectIdentifier: SlamService] = [:]
    /// Idle instances' timers, by handle.
    private var idleTimers: [String: () -> Void] = [:]
    /// The connections open now, whichever instance they use.
    private var liveConnections: Set<Int> = []

    /// Makes `main` from `applications.launched`.
    public init(applications: Applications, scheduler: Scheduler, configuration: SlamService.Configuration = .init(),
                idleTimeoutMilliseconds: Int? = SlamInstances.defaultIdleTimeoutMilliseconds) throws {
        self.applications = applications
        self.scheduler = scheduler
        self.configuration = configuration
        self.idleTimeoutMilliseconds = idleTimeoutMilliseconds
        dispatcher = SlamService.makeDispatcher()
        main = SlamService(application: try applications.launched(), factory: applications.launched, scheduler: scheduler,
                           configuration: configuration, dispatcher: dispatcher, holdings: holdings, instance: .main)
        main.instances = self
    }

    /// Instances of what `makeApplication` makes, and nothing else (tests, embedding).
    public convenience init(makeApplication: @escaping ApplicationFactory, scheduler: Scheduler,
                            configuration: SlamService.Configuration = .init()) throws {
        try self.init(applications: Applications(launched: makeApplication), scheduler: scheduler, configuration: configuration)
    }

    /// Every open instance, `main` first.
    public var all: [SlamService] { [main] + order.compactMap { others[$0] } }

    /// The open instance with `handle`.
    public func instance(_ handle: String) -> SlamService? {
        handle == Self.mainHandle ? main : others[handle]
    }

    /// A new connection: it uses `main`.
    public func connect(_ session: ClientSession) {
        liveConnections.insert(session.identifier)
        main.connect(session)
    }

    /// A connection went: it leaves the instance it uses, and the instances it made that nobody uses
    /// start their idle timers.
    public func disconnect(_ session: ClientSession) {
        liveConnections.remove(session.identifier)
        session.service?.disconnect(session)
        creatorLeft(session.identifier)
    }

    // MARK: - Making and closing

    /// Makes an instance (`instance.create`), connected to nothing yet.
    func create(_ request: InstanceCreateRequest, by session: ClientSession) throws(ResponseError) -> SlamService {
        try configuration.limits.check(.instances, holding: others.count)
        if request.app != nil && request.storyboard != nil {
            throw .invalidParams("app and storyboard: give one or the other, not both", data: ["parameter": "storyboard"])
        }
        if let label = request.label, label.utf8.count > InstanceCreateRequest.maximumLabelBytes {
            throw .invalidParams("label: \(label.utf8.count) bytes, more than \(InstanceCreateRequest.maximumLabelBytes)",
                                 data: ["parameter": "label"])
        }
        let factory: ApplicationFactory
        var description = InstanceDescription(handle: "", app: Self.launchedApp, label: request.label, createdBy: session.identifier)
        if let path = request.storyboard {
            guard let loader = applications.storyboard else {
                throw .invalidParams("storyboard: this daemon hosts no storyboards", data: ["parameter": "storyboard"])
            }
            factory = { try loader(path) }
            description.app = Self.storyboardApp
            description.storyboard = path
        } else if let app = request.app, app != Self.launchedApp {
            guard let named = applications.named[app] else {
                let known = [Self.launchedApp] + applications.named.keys.sorted()
                throw .invalidParams("app: no application '\(app)' here; this daemon hosts " + known.map { "'\($0)'" }.joined(separator: ", ")
                                     + (applications.storyboard == nil ? "" : ", or a storyboard file (storyboard)"),
                                     data: ["parameter": "app", "known": .array(known.map(JSONValue.string))])
            }
            factory = named
            description.app = app
        } else {
            factory = applications.launched
        }
        let application: Application
        do {
            application = try factory()
        } catch {
            let parameter = description.storyboard == nil ? "app" : "storyboard"
            throw .invalidParams("\(parameter): the application could not be made: \(error)", data: ["parameter": .string(parameter)])
        }
        lastNumber += 1
        description.handle = "i\(lastNumber)"
        var instanceConfiguration = configuration
        instanceConfiguration.traceNamePrefix += "-" + description.handle
        let service = SlamService(application: application, factory: factory, scheduler: scheduler,
                                  configuration: instanceConfiguration, dispatcher: dispatcher, holdings: holdings, instance: description)
        service.instances = self
        others[description.handle] = service
        order.append(description.handle)
        return service
    }

    /// Ends an open instance other than `main` (`instance.close`, or idle).
    @discardableResult
    func close(_ service: SlamService, reason: String) -> InstanceClosed {
        let handle = service.instance.handle
        precondition(service !== main, "main is never closed")
        others[handle] = nil
        order.removeAll { $0 == handle }
        idleTimers.removeValue(forKey: handle)?()
        let outcome = service.close(reason: reason)
        if service.connectionCount > 0 { closedInUse[ObjectIdentifier(service)] = service }
        return outcome
    }

    /// Moves `session` to `target` (`instance.use`).
    func move(_ session: ClientSession, to target: SlamService) {
        guard let current = session.service, current !== target else { return }
        current.leave(session, as: "disconnect", keepingHeldRequests: true)
        connectionLeft(current)
        target.connect(session)
        idleTimers.removeValue(forKey: target.instance.handle)?()
        // The rest of a batch that moved acts in the target, whose turn the request's end does not close
        // (that is the instance the message arrived in): the target's turn is ended on the loop's next.
        _ = scheduler.schedule(afterMilliseconds: 0) { [weak target] in target?.afterUIActivity() }
    }

    /// A connection stopped using `service`: a closed one with no connection left is let go; an idle
    /// one made by a connection that has gone starts its idle timer.
    func connectionLeft(_ service: SlamService) {
        guard service.connectionCount == 0 else { return }
        if service.isClosed {
            closedInUse[ObjectIdentifier(service)] = nil
            return
        }
        startIdleTimerIfIdle(service)
    }

    /// Whether `service`'s creator is gone and nobody uses it: then it closes after the idle timeout.
    private func startIdleTimerIfIdle(_ service: SlamService) {
        guard service !== main, let timeout = idleTimeoutMilliseconds, service.connectionCount == 0,
              idleTimers[service.instance.handle] == nil else { return }
        if let creator = service.instance.createdBy, liveConnections.contains(creator) { return }
        let handle = service.instance.handle
        idleTimers[handle] = scheduler.schedule(afterMilliseconds: timeout) { [weak self, weak service] in
            guard let self, let service, self.others[handle] === service else { return }
            self.idleTimers[handle] = nil
            guard service.connectionCount == 0 else { return }
            self.close(service, reason: "idle for \(timeout) ms, made by a connection that has gone")
        }
    }

    /// The instances connection `identifier` made that nobody uses start their idle timers.
    private func creatorLeft(_ identifier: Int) {
        for handle in order {
            guard let service = others[handle], service.instance.createdBy == identifier else { continue }
            startIdleTimerIfIdle(service)
        }
    }

    /// The daemon stops: every instance answers what it owes.
    public func shutDown() {
        for service in all + closedInUse.values { service.shutDown() }
    }
}
