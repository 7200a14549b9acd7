import SlamProtocol

/// One connected client, as the protocol sees it: its subscriptions and an
/// output queue that keeps replies in request order and notifications behind
/// the replies that caused them.
///
/// Its requests also *run* in order: one that arrives while an earlier one is
/// still unanswered (a wait, an action waiting for its element, a press whose
/// task a client runs) is held until that one is answered, so that each request
/// sees what the ones before it did (``SlamService``'s `receive`).
///
/// One exception to the order: while the client is running a task for the
/// daemon (it has a `task.run` to answer), its requests run at once, held behind
/// nothing, and are answered as soon as each is done. The task's handler needs those answers before it can
/// answer, and the request that ran the task may be this client's own.
///
/// The transport creates one per connection and gives it a `send` closure that
/// writes one message body (the transport frames it).
public final class ClientSession {
    /// A place in the output queue, reserved when a message arrives and filled by its reply.
    public struct Ticket: Hashable, Sendable {
        /// nil: answered as soon as it is filled, outside the order.
        let position: Int?
    }

    private enum Entry {
        case waiting
        case ready([UInt8]?)
        /// A notification: it waits for unordered replies too (it may be news of what one of them did).
        case notification([UInt8])
    }

    /// A number unique among this daemon's sessions, for logs.
    public let identifier: Int
    /// The uid of the peer process, when the transport knows it.
    public let peerUserID: UInt32?
    /// The events this client receives as notifications.
    public internal(set) var subscriptions: Set<EventKind> = []
    /// Whether this client is a renderer attached with `ui.attach` (it receives `ui.redraw`).
    public internal(set) var isAttachedToUI = false
    /// The instance the connection uses (`instance.use` changes it): set when a service connects it.
    ///
    /// Unowned and unchecked, for every request reads it: a service outlives the sessions it connected
    /// (``SlamInstances`` keeps a closed instance until the last connection using it has left). Read
    /// and written only on the service's thread: unchecked, as the run-time exclusivity check costs
    /// more than the read.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var service: SlamService?
    /// Whether the connection has gone; nothing more is sent.
    @exclusivity(unchecked) public private(set) var isClosed = false

    private let send: ([UInt8]) -> Void
    // The output queue and its counters are read and written for every message, only on the
    // service's thread and never across a call out: unchecked, as for the ordering below.
    @exclusivity(unchecked) private var queue: [Entry] = []
    /// The position of `queue[0]` since the session began.
    @exclusivity(unchecked) private var firstPosition = 0
    /// Waits this client started that have not been answered, to cancel on close.
    var pendingWaits: Set<Int> = []
    /// The characters of the patterns those waits hold, counted against ``ServiceLimits``.
    var pendingPatternCharacters = 0
    /// Their worst-case steps.
    var pendingPatternSteps = 0
    /// The tasks this client registered (`tasks.register`).
    var registeredTasks: Set<String> = []
    /// The `task.run` requests sent to this client and not answered yet.
    var runningTaskCalls = 0
    /// Requests of this client that answer later (a wait, an action waiting for its element or for a
    /// task a client runs) and are not answered yet, batches' members included: `instance.use` waits for none.
    var deferredCalls = 0
    /// Messages that ran and are not answered yet (a deferred request, or a batch holding one).
    ///
    /// This and ``heldRequests`` are read and written for every message, only on the service's
    /// thread and never across a call: unchecked, as the run-time exclusivity check cost a request
    /// more than the ordering itself.
    @exclusivity(unchecked) var unansweredMessages = 0
    /// Messages that arrived while earlier ones were unanswered, in arrival order, each with its
    /// place in the output (reserved when it arrived): they run once those are answered.
    @exclusivity(unchecked) var heldRequests: [(message: [UInt8], ticket: Ticket)] = []
    /// Whether running the held requests is due already (on the loop's next turn, or running now).
    var isHeldRequestReleaseDue = false
    /// Called when the last unanswered message is answered while messages are held: the service
    /// runs them then (set when it connects the session).
    var heldRequestsAreDue: ((ClientSession) -> Void)?
    /// Replies reserved outside the order and not sent yet.
    @exclusivity(unchecked) private var unorderedOwed = 0
    /// Called when the last reply owed has been sent (``owedReplies`` became 0):
    /// a transport whose client stopped sending closes then.
    @exclusivity(unchecked) public var onIdle: (() -> Void)?

    public init(identifier: Int, peerUserID: UInt32? = nil, send: @escaping ([UInt8]) -> Void) {
        self.identifier = identifier
        self.peerUserID = peerUserID
        self.send = send
    }

    /// Whether a message arriving now must wait for the ones before it.
    ///
    /// Not while the client has a `task.run` to answer: what it sends then is its task's handler
    /// calling back, which the request waiting for that task (possibly its own) cannot wait for.
    var holdsRequests: Bool {
        (unansweredMessages != 0 || !heldRequests.isEmpty) && runningTaskCalls == 0
    }

    /// Fills the place of a message that ran (see ``fill(_:with:)``) and counts it answered: the
    /// last one outstanding lets the held messages run.
    func answer(_ ticket: Ticket, with bytes: [UInt8]?) {
        fill(ticket, with: bytes)
        unansweredMessages -= 1
        if unansweredMessages == 0 && !heldRequests.isEmpty { heldRequestsAreDue?(self) }
    }

    /// Reserves the next place in the output: everything enqueued later is sent after it.
    /// While the client runs a task for the daemon, the place is outside the order (see the type's summary).
    func reserve() -> Ticket {
        if runningTaskCalls > 0 {
            unorderedOwed += 1
            return Ticket(position: nil)
        }
        queue.append(.waiting)
        return Ticket(position: firstPosition + queue.count - 1)
    }

    /// Fills a reserved place (nil: the message owed no reply) and sends what is now in order.
    func fill(_ ticket: Ticket, with bytes: [UInt8]?) {
        guard let position = ticket.position else {
            unorderedOwed -= 1
            if let bytes, !isClosed { send(bytes) }
            if unorderedOwed == 0 && !queue.isEmpty {
                flush()  // the notifications that waited for it
            } else if owedReplies == 0 {
                onIdle?()
            }
            return
        }
        let index = position - firstPosition
        guard queue.indices.contains(index), case .waiting = queue[index] else { return }
        if index == 0 && queue.count == 1 {
            // The only place in the queue, as for nearly every reply: out at once.
            queue.removeAll(keepingCapacity: true)
            firstPosition += 1
            if let bytes, !isClosed { send(bytes) }
            if queue.isEmpty && unorderedOwed == 0 { onIdle?() }
            return
        }
        queue[index] = .ready(bytes)
        flush()
    }

    /// Queues a notification behind every reply still owed, unordered ones included.
    func enqueueNotification(_ bytes: [UInt8]) {
        if queue.isEmpty && unorderedOwed == 0 {
            if !isClosed { send(bytes) }
            return
        }
        queue.append(.notification(bytes))
    }

    /// Sends a request of the daemon's own (`task.run`) at once: the client must see it even while
    /// a reply it waits for is held back, or neither side could go on.
    func sendRequest(_ bytes: [UInt8]) {
        if !isClosed { send(bytes) }
    }

    /// The number of replies still owed (a pending wait holds back the replies after it).
    public var owedReplies: Int {
        unorderedOwed + queue.reduce(0) { count, entry in if case .waiting = entry { count + 1 } else { count } }
    }

    /// Stops all output; the transport calls this when the connection closes.
    public func markClosed() {
        isClosed = true
        queue.removeAll()
    }

    private func flush() {
        var sent = 0
        sending: for entry in queue {
            switch entry {
            case .waiting:
                break sending
            case .ready(let reply):
                if let reply, !isClosed { send(reply) }
            case .notification(let notification):
                // Not before an unordered reply still owed: it may tell what that request did.
                guard unorderedOwed == 0 else { break sending }
                if !isClosed { send(notification) }
            }
            sent += 1
        }
        if sent > 0 {
            queue.removeFirst(sent)
            firstPosition += sent
            if queue.isEmpty && unorderedOwed == 0 { onIdle?() }
        }
    }
}
