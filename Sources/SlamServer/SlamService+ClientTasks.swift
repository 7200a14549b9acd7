import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// Tasks clients run: `tasks.register` makes a task of the application send its
/// connection `task.run`; what ran the task is answered when the client answers.
///
/// Nothing waits on the UI's thread meanwhile: every client is served, the
/// handling one included (its requests skip the reply order, see ``ClientSession``).
/// What the run changes goes to subscribers and renderers as one update, after
/// the reply to what ran it: notifications are held while any run is out, and
/// released on the turn a run ends. Runs that overlap without pause, or one
/// slow run, never hold them for longer than ``maximumHoldMilliseconds``, nor
/// more than ``maximumHeldNotifications`` of them.
extension SlamService {
    /// The longest notifications wait for runs still out: then what is held goes out, and holding starts anew.
    static let maximumHoldMilliseconds = 1000
    /// The most notifications held at once: one more releases them on the turn's end.
    static let maximumHeldNotifications = 1024

    /// Whether a notification made now waits: a run is out, one is being finished, or a release
    /// is due at the end of this turn (so a reply in the same batch still goes first).
    var holdsNotifications: Bool {
        !isReleasingHeldNotifications && (!clientTaskCalls.isEmpty || finishingClientTaskCalls > 0 || isReleaseDue)
    }

    /// Whether the end of this turn keeps holding: runs are out and neither one ended nor the hold's time ran out.
    var keepsHoldingNotifications: Bool {
        finishingClientTaskCalls > 0 || (!clientTaskCalls.isEmpty && !isReleaseDue)
    }

    /// Holds a notification; too many held makes the end of this turn release them.
    func hold(_ bytes: [UInt8], of kind: EventKind) {
        // A copy of its own size: the writer's buffer keeps room to spare, and held ones may be many.
        heldNotifications.append((kind, bytes.withUnsafeBufferPointer { Array($0) }))
        if heldNotifications.count >= Self.maximumHeldNotifications && !isReleaseDue {
            isReleaseDue = true
            // Made outside a request (a log record), nothing else would end this turn: the next turn releases them.
            _ = scheduler.schedule(afterMilliseconds: 0) { [weak self] in self?.afterUIActivity() }
        }
    }

    /// Sends what was held while clients ran tasks, in the order it was held.
    func releaseHeldNotifications() {
        guard !heldNotifications.isEmpty else { return }
        let held = heldNotifications
        heldNotifications.removeAll()
        for (kind, bytes) in held { deliver(bytes, of: kind) }
    }

    /// After a release: while runs are still out, the hold goes on, released at the latest when its time runs out.
    func holdAgainIfRunsAreOut() {
        isReleaseDue = false
        if clientTaskCalls.isEmpty {
            cancelHoldTimer?()
            cancelHoldTimer = nil
        } else {
            startHoldTimer()
        }
    }

    /// Makes sure the hold ends in ``maximumHoldMilliseconds`` at the latest.
    func startHoldTimer() {
        guard cancelHoldTimer == nil else { return }
        cancelHoldTimer = scheduler.schedule(afterMilliseconds: Self.maximumHoldMilliseconds) { [weak self] in
            guard let self else { return }
            cancelHoldTimer = nil
            isReleaseDue = true
            afterUIActivity()
        }
    }

    // MARK: - Registering

    /// Makes `session` the runner of `names`; refuses a name another live connection or the application holds
    /// (-32016), and names past the connection's or the daemon's bound (-32017, ``ServiceLimits``).
    func registerClientTasks(_ names: [String], timeoutMilliseconds: Int?, session: ClientSession) throws(ResponseError) -> TasksRegistered {
        let timeout = timeoutMilliseconds ?? configuration.taskTimeoutMilliseconds
        guard (1...configuration.maximumWaitTimeoutMilliseconds).contains(timeout) else {
            throw .invalidParams("timeoutMs: must be between 1 and \(configuration.maximumWaitTimeoutMilliseconds), got \(timeout)",
                                 data: ["parameter": "timeoutMs"])
        }
        for name in names {
            if let registration = clientTasks[name] {
                guard registration.clientIdentifier != session.identifier else { continue }
                throw ResponseError(code: .taskNameTaken,
                                    message: "Task name taken: client \(registration.clientIdentifier) runs the task '\(name)'; "
                                        + "a name is free again when that connection unregisters it or goes away",
                                    data: ["task": .string(name), "client": .integer(Int64(registration.clientIdentifier))])
            }
            if application.tasks.contains(name) {
                throw ResponseError(code: .taskNameTaken,
                                    message: "Task name taken: '\(name)' is one of the application's own tasks, which clients cannot replace",
                                    data: ["task": .string(name), "owner": "application"])
            }
        }
        let adding = Set(names).subtracting(session.registeredTasks).count
        try check(.registeredTasksPerConnection, holding: session.registeredTasks.count, adding: adding)
        try check(.registeredTasks, holding: clientTasks.count, adding: adding)
        for name in names {
            if clientTasks[name] == nil { addClientTask(name, to: application) }
            clientTasks[name] = ClientTaskRegistration(clientIdentifier: session.identifier, timeoutMilliseconds: timeout)
            session.registeredTasks.insert(name)
        }
        return TasksRegistered(registered: session.registeredTasks.sorted(), timeoutMilliseconds: timeout)
    }

    /// Stops `session` running `names` (nil: all of its tasks); returns those it ran.
    func unregisterClientTasks(_ names: [String]?, session: ClientSession) -> [String] {
        let removed = names.map { Set($0).intersection(session.registeredTasks) } ?? session.registeredTasks
        for name in removed {
            session.registeredTasks.remove(name)
            clientTasks[name] = nil
            application.tasks.removeTask(name: name)
        }
        return removed.sorted()
    }

    /// Adds the task `name` to `application`: running it sends `task.run` to its client.
    func addClientTask(_ name: String, to application: Application) {
        application.tasks.addStartedTask(name: name) { [unowned self] param throws(SlamError) in
            try startClientTask(name, param: param)
        }
    }

    /// A client that stopped sending can answer no run: its tasks are free now, and the runs it owes fail
    /// (instead of waiting out their timeout while its connection stays open to send what it is owed).
    public func clientStoppedSending(_ session: ClientSession) {
        clientDidLeave(session)
    }

    /// A connection went away (or stopped sending): its tasks are free, and the runs it owed fail.
    func clientDidLeave(_ session: ClientSession) {
        _ = unregisterClientTasks(nil, session: session)
        let owed = clientTaskCalls.values.filter { $0.clientIdentifier == session.identifier }.sorted { $0.number < $1.number }
        for call in owed {
            finishClientTaskCall(call, with: .failure(runFailed(call, reason: "the client that runs it (client \(call.clientIdentifier)) went away",
                                                                data: [:])))
        }
        if !owed.isEmpty { afterUIActivity() }
    }

    /// The daemon is stopping: every run out fails with -32009, and what was held goes out after those replies.
    func abandonClientTaskCalls() {
        guard !clientTaskCalls.isEmpty else { return }
        defer { afterUIActivity() }
        for call in clientTaskCalls.values.sorted(by: { $0.number < $1.number }) {
            finishClientTaskCall(call, with: .failure(ResponseError(code: .shuttingDown, message: "Shutting down: the daemon is stopping",
                                                      data: ["task": .string(call.name)])))
        }
    }

    // MARK: - Running

    /// Sends `task.run` to the client that registered `name`; the run is collected by the request performing now.
    private func startClientTask(_ name: String, param: String?) throws(SlamError) {
        guard let registration = clientTasks[name], let session = sessions[registration.clientIdentifier] else {
            throw .unknownTask(name: name)
        }
        nextClientTaskCall += 1
        let sender = application.tasks.currentSender
        let call = ClientTaskCall(number: nextClientTaskCall, name: name, param: param, session: session,
                                  sender: sender, timeoutMilliseconds: registration.timeoutMilliseconds)
        let request = TaskRunRequest(name: name, param: param,
                                     ref: sender.flatMap { $0.reference.isEmpty ? nil : $0.reference },
                                     controller: sender?.controller?.identifier ?? application.topController?.identifier)
        let prefix = #"{"jsonrpc":"2.0","id":"\#(call.identifier)","method":"\#(TaskRunRequest.method)","params":"#
        guard let bytes = try? request.jsonNode().serialized(prefix: Array(prefix.utf8), suffix: [UInt8(ascii: "}")]) else {
            throw .taskFailed(name: name, reason: "its task.run request could not be written")
        }
        clientTaskCalls[call.identifier] = call
        session.runningTaskCalls += 1
        let identifier = call.identifier
        call.cancelTimer = scheduler.schedule(afterMilliseconds: registration.timeoutMilliseconds) { [weak self] in
            guard let self, let call = clientTaskCalls[identifier] else { return }
            finishClientTaskCall(call, with: .failure(runFailed(call, reason: "client \(call.clientIdentifier) did not answer within \(call.timeoutMilliseconds) ms",
                                                  data: ["timeoutMs": .integer(Int64(call.timeoutMilliseconds))])))
            afterUIActivity()
        }
        startedClientTaskCalls?.append(call)
        startHoldTimer()
        trace?.recordNotification(bytes, clients: [session.identifier])
        session.sendRequest(bytes)
    }

    /// A response from a client: the answer to the run it names, if that run is still out and was sent to it.
    func receiveTaskAnswer(id: RequestID, outcome: Result<JSONValue, ResponseError>, from session: ClientSession) {
        guard case .string(let identifier) = id, let call = clientTaskCalls[identifier], call.clientIdentifier == session.identifier else {
            // A late answer (the run timed out), or one to nothing sent: owed nothing, and answering it could loop.
            return
        }
        switch outcome {
        case .success(let result):
            finishClientTaskCall(call, with: .success(result))
        case .failure(let error):
            finishClientTaskCall(call, with: .failure(runFailed(call, reason: error.message, data: ["clientError": error.jsonValue])))
        }
    }

    /// Ends a run: on success its autoUI update and `taskRan`, then whoever waited is answered,
    /// with notifications still held so that they follow those replies.
    func finishClientTaskCall(_ call: ClientTaskCall, with outcome: ClientTaskCall.Outcome) {
        guard clientTaskCalls.removeValue(forKey: call.identifier) != nil else { return }
        call.cancelTimer()
        call.session?.runningTaskCalls -= 1
        finishingClientTaskCalls += 1
        if case .success = outcome {
            if let sender = call.sender as? InteractiveView, sender.autoUI {
                // The press updated its controller before the client ran the task; what the client changed shows now.
                sender.controller?.updateUI()
            }
            application.tasks.reportFinished(name: call.name, param: call.param)
        }
        call.finish(outcome)
        finishingClientTaskCalls -= 1
        isReleaseDue = true
    }

    /// -32010 for a run that failed, naming the task and the client.
    private func runFailed(_ call: ClientTaskCall, reason: String, data: JSONValue.Object) -> ResponseError {
        var error = SlamError.taskFailed(name: call.name, reason: reason).responseError
        var details = error.data?.objectValue ?? [:]
        details["client"] = .integer(Int64(call.clientIdentifier))
        details.merge(data) { _, new in new }
        error.data = .object(details)
        return error
    }

    // MARK: - Answering what ran a task

    /// Runs `body` and returns, with its value, the client task runs it started, those of the change
    /// tasks its changes made due included (``startDueChangeTasks()``).
    func collectingClientTasks<Value>(_ body: () throws(ResponseError) -> Value) throws(ResponseError) -> (Value, [ClientTaskCall]) {
        let outer = startedClientTaskCalls
        startedClientTaskCalls = []
        let value: Value
        do {
            value = try body()
            if application.hasDueChangeTasks { try startDueChangeTasks() }
        } catch {
            startedClientTaskCalls = outer.map { $0 + (startedClientTaskCalls ?? []) }
            throw error
        }
        let started = startedClientTaskCalls ?? []
        startedClientTaskCalls = outer.map { $0 + started }
        return (value, started)
    }

    /// Answers through `reply` once every run in `calls` has finished: the first failure, else what
    /// `answer` says then, given the runs' results in order.
    ///
    /// `answer` gets the results rather than reading the runs: a run keeps what waits for it, and
    /// what waits must not keep the run.
    func answerAfterClientTasks(_ calls: [ClientTaskCall], reply: @escaping MethodDescriptor<ClientSession>.Reply,
                                _ answer: @escaping (_ results: [JSONValue]) -> JSONNode) {
        guard !calls.isEmpty else {
            reply(.success(answer([])))
            return
        }
        var remaining = calls.count
        var failure: ResponseError?
        var results = [JSONValue](repeating: .null, count: calls.count)
        for (index, call) in calls.enumerated() {
            call.whenFinished { outcome in
                switch outcome {
                case .success(let result): results[index] = result
                case .failure(let error): if failure == nil { failure = error }
                }
                remaining -= 1
                guard remaining == 0 else { return }
                if let failure { reply(.failure(failure)) } else { reply(.success(answer(results))) }
            }
        }
    }
}
