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
/// the reply to what ran it (``NotificationHold``). The runs and who runs which
/// task are ``ClientTaskBroker``'s; here they meet the application.
extension SlamService {
    // MARK: - Registering

    /// Makes `session` the runner of `names`; refuses a name another live connection or the application holds
    /// (-32016), and names past the connection's or the daemon's bound (-32017, ``ServiceLimits``).
    func registerClientTasks(_ names: [String], timeoutMilliseconds: Int?, session: ClientSession) throws(ResponseError) -> TasksRegistered {
        let timeout = timeoutMilliseconds ?? configuration.taskTimeoutMilliseconds
        guard (1...configuration.maximumWaitTimeoutMilliseconds).contains(timeout) else {
            throw .invalidParams("timeoutMs: must be between 1 and \(configuration.maximumWaitTimeoutMilliseconds), got \(timeout)",
                                 data: ["parameter": "timeoutMs"])
        }
        let added = try clientTasks.register(names, timeoutMilliseconds: timeout, session: session) { application.tasks.contains($0) }
        for name in added { addClientTask(name, to: application) }
        return TasksRegistered(registered: session.registeredTasks.sorted(), timeoutMilliseconds: timeout)
    }

    /// Stops `session` running `names` (nil: all of its tasks); returns those it ran.
    func unregisterClientTasks(_ names: [String]?, session: ClientSession) -> [String] {
        let removed = clientTasks.unregister(names, session: session)
        for name in removed { application.tasks.removeTask(name: name) }
        return removed
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
        if clientTasks.failRuns(of: session) { afterUIActivity() }
    }

    /// The daemon is stopping: every run out fails with -32009, and what was held goes out after those replies.
    func abandonClientTaskCalls() {
        if clientTasks.abandonRuns() { afterUIActivity() }
    }

    /// The instance closes: every run out fails with `error`, and what was held goes out after those replies.
    func failClientTaskCalls(with error: ResponseError) {
        if clientTasks.abandonRuns(with: error) { afterUIActivity() }
    }

    // MARK: - Running

    /// Sends `task.run` to the client that registered `name`; the run is collected by the request performing now.
    private func startClientTask(_ name: String, param: String?) throws(SlamError) {
        let sender = application.tasks.currentSender
        let (session, request) = try clientTasks.start(name, param: param, sender: sender,
                                                       controller: sender?.controller?.identifier ?? application.topController?.identifier,
                                                       sessions: sessions)
        trace?.recordNotification(request, clients: [session.identifier])
        session.sendRequest(request)
    }

    /// A run succeeded: before whoever waited is answered, its sender's autoUI update and `taskRan`.
    func clientTaskSucceeded(_ run: ClientTaskCall) {
        if let sender = run.sender as? InteractiveView, sender.autoUI {
            // The press updated its controller before the client ran the task; what the client changed shows now.
            sender.controller?.updateUI()
        }
        application.tasks.reportFinished(name: run.name, param: run.param)
    }

    // MARK: - Answering what ran a task

    /// Runs `body` and returns, with its value, the client task runs it started, those of the change
    /// tasks its changes made due included (``startDueChangeTasks()``).
    func collectingClientTasks<Value>(_ body: () throws(ResponseError) -> Value) throws(ResponseError) -> (Value, [ClientTaskCall]) {
        try clientTasks.collectingRuns { () throws(ResponseError) in
            let value = try body()
            if application.hasDueChangeTasks { try startDueChangeTasks() }
            return value
        }
    }

    /// Answers through `reply` once every run in `calls` has finished (``ClientTaskBroker/answerAfter(_:reply:_:)``).
    func answerAfterClientTasks(_ calls: [ClientTaskCall], reply: @escaping MethodDescriptor<ClientSession>.Reply,
                                _ answer: @escaping (_ results: [JSONValue]) -> JSONNode) {
        ClientTaskBroker.answerAfter(calls, reply: reply, answer)
    }
}
