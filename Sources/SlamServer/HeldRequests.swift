import SlamProtocol
import SlamRPC

/// The requests connections sent behind their own unanswered ones, held until those are answered
/// (read-your-writes: see `SlamService+RequestOrder`).
///
/// Each connection keeps its own in arrival order (``ClientSession/heldRequests``); here is what they
/// weigh together (``bytes``) and when they run. A connection holds requests while an earlier one is
/// unanswered; once its last one is answered its release is due (``releaseSoon(_:)``), and on the
/// loop's next turn its held requests run in order (``perform``) until one of them is answered later
/// again, which holds the rest anew. A connection that goes drops them (``drop(of:)``).
final class HeldRequests {
    /// The bytes of all connections' held requests, in every instance, bounded by ``ServiceLimits/heldRequestBytes``.
    var bytes: Int { holdings.heldRequestBytes }
    /// The connections whose held requests run on the loop's next turn, in the order they became due.
    private var due: [ClientSession] = []
    private let scheduler: Scheduler
    private let limits: ServiceLimits
    /// Runs a held request whose turn came, its reply filling the place reserved when it arrived.
    var perform: (_ message: [UInt8], _ ticket: ClientSession.Ticket, _ session: ClientSession) -> Void = { _, _, _ in }

    /// What every instance of the daemon holds, for the daemon's bounds.
    private let holdings: DaemonHoldings

    init(scheduler: Scheduler, limits: ServiceLimits, holdings: DaemonHoldings = DaemonHoldings()) {
        self.scheduler = scheduler
        self.limits = limits
        self.holdings = holdings
    }

    /// Holds `message` of `session`, its reply's place reserved as `ticket`, behind the connection's earlier ones.
    ///
    /// - Throws: -32017 when the connection holds ``ServiceLimits/heldRequestsPerConnection`` already,
    ///   or the message would pass ``ServiceLimits/heldRequestBytes``; then nothing is held.
    func hold(_ message: [UInt8], answering ticket: ClientSession.Ticket, from session: ClientSession) throws(ResponseError) {
        try limits.check(.heldRequestsPerConnection, holding: session.heldRequests.count)
        try limits.check(.heldRequestBytes, holding: holdings.heldRequestBytes, adding: message.count)
        session.heldRequests.append((message, ticket))
        holdings.heldRequestBytes += message.count
    }

    /// The last unanswered message of `session` was answered: its held requests run on the loop's next turn.
    func releaseSoon(_ session: ClientSession) {
        guard !session.isHeldRequestReleaseDue else { return }
        // On the next turn, not here: the answer may come from deep inside judging waits or finishing a run.
        session.isHeldRequestReleaseDue = true
        due.append(session)
        guard due.count == 1 else { return }
        _ = scheduler.schedule(afterMilliseconds: 0) { [weak self] in self?.release() }
    }

    /// Runs the held requests of each connection due, in order, until one of them is answered later.
    private func release() {
        let releasing = due
        due.removeAll()
        for session in releasing {
            while session.unansweredMessages == 0, !session.heldRequests.isEmpty {
                let (message, ticket) = session.heldRequests.removeFirst()
                holdings.heldRequestBytes -= message.count
                perform(message, ticket, session)
            }
            session.isHeldRequestReleaseDue = false
        }
    }

    /// Forgets the held requests of `session` (it went away, or they are refused) and returns them, in order.
    @discardableResult
    func drop(of session: ClientSession) -> [(message: [UInt8], ticket: ClientSession.Ticket)] {
        let held = session.heldRequests
        holdings.heldRequestBytes -= held.reduce(0) { $0 + $1.message.count }
        session.heldRequests.removeAll()
        return held
    }
}
