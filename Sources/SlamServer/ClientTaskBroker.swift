import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// Tasks clients run: which connection runs each task name, and the runs sent and not answered yet.
///
/// A name is free until a connection registers it, then that connection's until it unregisters it
/// or goes away. A run is out from ``start(_:param:sender:controller:sessions:)`` until it ends,
/// once: its client answers (``receiveAnswer(id:outcome:from:)``), its timeout passes, its client
/// goes away (``failRuns(of:)``) or the daemon stops (``abandonRuns()``). While runs are out,
/// ``hold`` holds notifications; a run that ends answers whoever waits for it
/// (``answerAfter(_:reply:_:)``) with notifications still held, so that they follow those replies.
///
/// The broker sends nothing itself: ``start(_:param:sender:controller:sessions:)`` returns the
/// `task.run` request for the service to send (and trace).
final class ClientTaskBroker {
    /// Tasks clients registered, by name.
    private(set) var registrations: [String: ClientTaskRegistration] = [:]
    /// Runs sent and not ended, by their request's id.
    private(set) var runs: [String: ClientTaskCall] = [:]
    /// The number of the last run started (the first is 1).
    private var lastRunNumber = 0
    /// The runs started by the request being performed now; nil when no request collects them.
    private var collected: [ClientTaskCall]?
    /// What holds notifications while runs are out.
    let hold: NotificationHold
    private let scheduler: Scheduler
    private let limits: ServiceLimits
    /// What a run that succeeded does before whoever waited for it is answered (the service: the
    /// sender's autoUI update and `taskRan`).
    var runSucceeded: (ClientTaskCall) -> Void = { _ in }
    /// Ends the service's turn after a run timed out (what waited for it was answered).
    var endTurn: () -> Void = {}

    /// What every instance of the daemon holds, for the daemon's bounds.
    private let holdings: DaemonHoldings

    init(hold: NotificationHold, scheduler: Scheduler, limits: ServiceLimits, holdings: DaemonHoldings = DaemonHoldings()) {
        self.hold = hold
        self.scheduler = scheduler
        self.limits = limits
        self.holdings = holdings
    }

    // MARK: - Registering

    /// Makes `session` the runner of `names`, each to be answered within `timeoutMilliseconds`;
    /// returns the names no connection ran before, in order (the application's new tasks).
    ///
    /// - Throws: -32016 for a name another connection runs or the application has
    ///   (`isApplicationTask`), -32017 for names past the connection's or the daemon's bound;
    ///   then nothing is registered.
    func register(_ names: [String], timeoutMilliseconds timeout: Int, session: ClientSession,
                  isApplicationTask: (String) -> Bool) throws(ResponseError) -> [String] {
        for name in names {
            if let registration = registrations[name] {
                guard registration.clientIdentifier != session.identifier else { continue }
                throw ResponseError(code: .taskNameTaken,
                                    message: "Task name taken: client \(registration.clientIdentifier) runs the task '\(name)'; "
                                        + "a name is free again when that connection unregisters it or goes away",
                                    data: ["task": .string(name), "client": .integer(Int64(registration.clientIdentifier))])
            }
            if isApplicationTask(name) {
                throw ResponseError(code: .taskNameTaken,
                                    message: "Task name taken: '\(name)' is one of the application's own tasks, which clients cannot replace",
                                    data: ["task": .string(name), "owner": "application"])
            }
        }
        let adding = Set(names).subtracting(session.registeredTasks).count
        try limits.check(.registeredTasksPerConnection, holding: session.registeredTasks.count, adding: adding)
        try limits.check(.registeredTasks, holding: holdings.registeredTasks, adding: adding)
        var added: [String] = []
        for name in names {
            if registrations[name] == nil {
                added.append(name)
                holdings.registeredTasks += 1
            }
            registrations[name] = ClientTaskRegistration(clientIdentifier: session.identifier, timeoutMilliseconds: timeout)
            session.registeredTasks.insert(name)
        }
        return added
    }

    /// Frees the names of `names` (nil: all) that `session` runs; returns them, sorted.
    func unregister(_ names: [String]?, session: ClientSession) -> [String] {
        let removed = names.map { Set($0).intersection(session.registeredTasks) } ?? session.registeredTasks
        for name in removed {
            session.registeredTasks.remove(name)
            if registrations.removeValue(forKey: name) != nil { holdings.registeredTasks -= 1 }
        }
        return removed.sorted()
    }

    // MARK: - Running

    /// Starts a run of `name` by the connection that registered it (found in `sessions`), for the
    /// element `sender` (nil: no element) on the controller `controller`; the request performing now
    /// collects it (``collectingRuns(_:)``). The run fails on its own after the registration's timeout.
    ///
    /// - Returns: the connection and the `task.run` request to send it, at once.
    /// - Throws: ``SlamUI/SlamError/unknownTask(name:)`` when no connection runs `name` now.
    func start(_ name: String, param: String?, sender: View?, controller: String?,
               sessions: [Int: ClientSession]) throws(SlamError) -> (session: ClientSession, request: [UInt8]) {
        guard let registration = registrations[name], let session = sessions[registration.clientIdentifier] else {
            throw .unknownTask(name: name)
        }
        lastRunNumber += 1
        let run = ClientTaskCall(number: lastRunNumber, name: name, param: param, session: session,
                                 sender: sender, timeoutMilliseconds: registration.timeoutMilliseconds)
        let request = TaskRunRequest(name: name, param: param, ref: sender.flatMap { $0.reference.isEmpty ? nil : $0.reference },
                                     controller: controller)
        let prefix = #"{"jsonrpc":"2.0","id":"\#(run.identifier)","method":"\#(TaskRunRequest.method)","params":"#
        guard let bytes = try? request.jsonNode().serialized(prefix: Array(prefix.utf8), suffix: [UInt8(ascii: "}")]) else {
            throw .taskFailed(name: name, reason: "its task.run request could not be written")
        }
        runs[run.identifier] = run
        session.runningTaskCalls += 1
        let identifier = run.identifier
        run.cancelTimer = scheduler.schedule(afterMilliseconds: registration.timeoutMilliseconds) { [weak self] in
            guard let self, let run = runs[identifier] else { return }
            finish(run, with: .failure(Self.runFailed(run, reason: "client \(run.clientIdentifier) did not answer within \(run.timeoutMilliseconds) ms",
                                                      data: ["timeoutMs": .integer(Int64(run.timeoutMilliseconds))])))
            endTurn()
        }
        collected?.append(run)
        hold.runStarted()
        return (session, bytes)
    }

    /// A response from a client: the answer to the run it names, if that run is still out and was sent to it.
    func receiveAnswer(id: RequestID, outcome: Result<JSONValue, ResponseError>, from session: ClientSession) {
        guard case .string(let identifier) = id, let run = runs[identifier], run.clientIdentifier == session.identifier else {
            // A late answer (the run timed out), or one to nothing sent: owed nothing, and answering it could loop.
            return
        }
        switch outcome {
        case .success(let result):
            finish(run, with: .success(result))
        case .failure(let error):
            finish(run, with: .failure(Self.runFailed(run, reason: error.message, data: ["clientError": error.jsonValue])))
        }
    }

    /// Fails, oldest first, the runs `session` owes (it went away, or stopped sending); returns whether it owed any.
    func failRuns(of session: ClientSession) -> Bool {
        let owed = runs.values.filter { $0.clientIdentifier == session.identifier }.sorted { $0.number < $1.number }
        for run in owed {
            finish(run, with: .failure(Self.runFailed(run, reason: "the client that runs it (client \(run.clientIdentifier)) went away",
                                                      data: [:])))
        }
        return !owed.isEmpty
    }

    /// The daemon is stopping: every run out fails with -32009, oldest first; returns whether any was out.
    func abandonRuns() -> Bool {
        abandonRuns(with: ResponseError(code: .shuttingDown, message: "Shutting down: the daemon is stopping"))
    }

    /// Every run out fails with `error` (its `data` gains the run's `task`), oldest first; returns whether any was out.
    func abandonRuns(with error: ResponseError) -> Bool {
        guard !runs.isEmpty else { return false }
        for run in runs.values.sorted(by: { $0.number < $1.number }) {
            var data = error.data?.objectValue ?? [:]
            data["task"] = .string(run.name)
            finish(run, with: .failure(ResponseError(code: error.code, message: error.message, data: .object(data))))
        }
        return true
    }

    /// Ends a run (a second ending is ignored): on success ``runSucceeded`` first, then whoever waited
    /// is answered, with notifications still held so that they follow those replies.
    func finish(_ run: ClientTaskCall, with outcome: ClientTaskCall.Outcome) {
        guard runs.removeValue(forKey: run.identifier) != nil else { return }
        run.cancelTimer()
        run.session?.runningTaskCalls -= 1
        hold.runEnded {
            if case .success = outcome { runSucceeded(run) }
            run.finish(outcome)
        }
    }

    /// -32010 for a run that failed, naming the task and the client.
    private static func runFailed(_ run: ClientTaskCall, reason: String, data: JSONValue.Object) -> ResponseError {
        var error = SlamError.taskFailed(name: run.name, reason: reason).responseError
        var details = error.data?.objectValue ?? [:]
        details["client"] = .integer(Int64(run.clientIdentifier))
        details.merge(data) { _, new in new }
        error.data = .object(details)
        return error
    }

    // MARK: - Answering what ran a task

    /// Runs `body` and returns, with its value, the runs it started; a request around it collects them too.
    func collectingRuns<Value>(_ body: () throws(ResponseError) -> Value) throws(ResponseError) -> (Value, [ClientTaskCall]) {
        let outer = collected
        collected = []
        let value: Value
        do {
            value = try body()
        } catch {
            collected = outer.map { $0 + (collected ?? []) }
            throw error
        }
        let started = collected ?? []
        collected = outer.map { $0 + started }
        return (value, started)
    }

    /// Answers through `reply` once every run in `runs` has ended: the first failure, else what
    /// `answer` says then, given the runs' results in order.
    ///
    /// `answer` gets the results rather than reading the runs: a run keeps what waits for it, and
    /// what waits must not keep the run.
    static func answerAfter(_ runs: [ClientTaskCall], reply: @escaping MethodDescriptor<ClientSession>.Reply,
                            _ answer: @escaping (_ results: [JSONValue]) -> JSONNode) {
        guard !runs.isEmpty else {
            reply(.success(answer([])))
            return
        }
        var remaining = runs.count
        var failure: ResponseError?
        var results = [JSONValue](repeating: .null, count: runs.count)
        for (index, run) in runs.enumerated() {
            run.whenFinished { outcome in
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
