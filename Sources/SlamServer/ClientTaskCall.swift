import SlamJSON
import SlamRPC
import SlamUI

/// One run of a task a client registered: the `task.run` request sent to it,
/// and whoever waits for its answer (the `press`, `runTask` or `key` that ran it).
final class ClientTaskCall {
    typealias Outcome = Result<JSONValue, ResponseError>

    /// Counts the daemon's runs from 1: the request's id is `"task-<number>"`.
    let number: Int
    /// The request's id.
    var identifier: String { "task-\(number)" }
    let name: String
    let param: String?
    /// The connection that runs it.
    let clientIdentifier: Int
    weak var session: ClientSession?
    /// The element whose press ran the task: its autoUI update waits for the answer.
    weak var sender: View?
    let timeoutMilliseconds: Int
    var cancelTimer: () -> Void = {}
    /// Set once: the client's answer (its result), or why the run failed.
    private(set) var outcome: Outcome?
    private var waiters: [(Outcome) -> Void] = []

    init(number: Int, name: String, param: String?, session: ClientSession, sender: View?, timeoutMilliseconds: Int) {
        self.number = number
        self.name = name
        self.param = param
        self.clientIdentifier = session.identifier
        self.session = session
        self.sender = sender
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Runs `body` with the outcome: now if the run has finished, else when it does.
    func whenFinished(_ body: @escaping (Outcome) -> Void) {
        if let outcome { body(outcome) } else { waiters.append(body) }
    }

    /// Settles the run (the first outcome stands) and tells whoever waits.
    func finish(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter(outcome) }
    }
}
