import SlamProtocol

/// Holds notifications while clients run tasks, so that what a run changed goes out as one update
/// after the reply to what ran it.
///
/// The hold is ``State/open`` while no run is out: a notification goes out at once. A run that
/// starts (``runStarted()``) makes it ``State/holding(releaseDue:)``: notifications wait, in order.
/// A run that ends (``runEnded(answering:)``) makes the release due: the end of the service's turn
/// (``release(through:)``, then ``endRelease()``) sends what was held, ``State/releasing``
/// meanwhile, and holds again if runs are still out. Runs that overlap without pause, or one
/// slow run, never hold notifications for longer than ``maximumMilliseconds`` (the release is
/// due then, and the hold ends the turn itself through ``endTurn``), nor more than
/// ``maximumNotifications`` of them (the release is due on the loop's next turn).
///
/// ```swift
/// hold.runStarted()                      // holding: broadcasts are held
/// hold.runEnded { answerWhatRanTheTask() }
/// if !hold.keepsHolding {                // the end of the turn
///     hold.release { kind, bytes in deliver(bytes, of: kind) }
///     hold.endRelease()                  // open again: no run is out
/// }
/// ```
final class NotificationHold {
    /// Where the hold stands.
    enum State: Equatable {
        /// No run is out: a notification goes out at once, and nothing is held.
        case open
        /// Runs are out, or one ended on this turn: notifications wait. With `releaseDue`, the end
        /// of this turn releases them (a run ended, or the hold's time or room ran out).
        case holding(releaseDue: Bool)
        /// The end of a turn is sending what was held: notifications made meanwhile go out at once.
        case releasing
    }

    /// The longest notifications wait for runs still out, by default.
    static let maximumMilliseconds = 1000
    /// The most notifications held at once, by default.
    static let maximumNotifications = 1024

    /// (Read after every message, on the service's thread only: unchecked, as the run-time
    /// exclusivity check costs more than the read.)
    @exclusivity(unchecked) private(set) var state: State = .open
    /// Runs started and not ended.
    private(set) var runsOut = 0
    /// Runs ending now: whoever waited for them is being answered, and those replies go first.
    private var runsEnding = 0
    /// What waits, in the order it was made.
    private var held: [(kind: EventKind, bytes: [UInt8])] = []
    /// Cancels the timer that makes the release due after ``maximumMilliseconds``; nil when none runs.
    private var cancelTimer: (() -> Void)?
    private let scheduler: Scheduler
    let maximumMilliseconds: Int
    let maximumNotifications: Int
    /// Ends the service's turn (announcing what changed, releasing what is held): called when the
    /// hold's time or room ran out and nothing else would end a turn soon.
    var endTurn: () -> Void = {}

    init(scheduler: Scheduler, maximumMilliseconds: Int = NotificationHold.maximumMilliseconds,
         maximumNotifications: Int = NotificationHold.maximumNotifications) {
        self.scheduler = scheduler
        self.maximumMilliseconds = maximumMilliseconds
        self.maximumNotifications = maximumNotifications
    }

    /// Whether the hold is open: no run is out, nothing is held, no timer runs, so the end of a turn
    /// (``release(through:)`` then ``endRelease()``) would leave it as it is.
    var isOpen: Bool {
        if case .open = state { true } else { false }
    }

    /// How many notifications wait.
    var heldCount: Int { held.count }

    /// Whether the hold's timer runs (it does from a run's start until no run is out).
    var isTimed: Bool { cancelTimer != nil }

    /// Whether a notification made now waits: runs are out, one is ending, or a release is due at
    /// the end of this turn (so that a reply in the same batch still goes first).
    var holdsNotifications: Bool {
        if case .holding = state { true } else { false }
    }

    /// Whether the end of this turn keeps holding: a run is ending now, or runs are out and neither
    /// one ended nor did the hold's time or room run out.
    var keepsHolding: Bool {
        runsEnding > 0 || (runsOut > 0 && state != .holding(releaseDue: true))
    }

    /// A client was sent a run: notifications wait from now on, at most ``maximumMilliseconds``.
    func runStarted() {
        runsOut += 1
        if state == .open { state = .holding(releaseDue: false) }
        startTimer()
    }

    /// A run ended: `answer` answers whoever waited for it, with notifications still held so that they
    /// follow those replies; the end of this turn releases them.
    func runEnded(answering answer: () -> Void) {
        runsOut -= 1
        runsEnding += 1
        answer()
        runsEnding -= 1
        // While releasing, the release under way sends what the answer made.
        if state != .releasing { state = .holding(releaseDue: true) }
    }

    /// Holds a notification (``holdsNotifications`` said it waits); past ``maximumNotifications``,
    /// the release is due, on the loop's next turn at the latest.
    func hold(_ bytes: [UInt8], of kind: EventKind) {
        // A copy of its own size: the writer's buffer keeps room to spare, and held ones may be many.
        held.append((kind, bytes.withUnsafeBufferPointer { Array($0) }))
        guard held.count >= maximumNotifications, state == .holding(releaseDue: false) else { return }
        state = .holding(releaseDue: true)
        // Made outside a request (a log record), nothing else would end this turn: the next turn releases them.
        _ = scheduler.schedule(afterMilliseconds: 0) { [weak self] in self?.endTurn() }
    }

    /// The end of a turn that does not keep holding: sends what was held, in order, through `deliver`;
    /// notifications made until ``endRelease()`` go out at once.
    func release(through deliver: (EventKind, [UInt8]) -> Void) {
        state = .releasing
        guard !held.isEmpty else { return }
        let releasing = held
        held.removeAll()
        for (kind, bytes) in releasing { deliver(kind, bytes) }
    }

    /// The turn's release is over: open when no run is out, else holding again, released at the
    /// latest when its time runs out.
    func endRelease() {
        if runsOut == 0 {
            state = .open
            cancelTimer?()
            cancelTimer = nil
        } else {
            state = .holding(releaseDue: false)
            startTimer()
        }
    }

    /// Makes sure the hold is released in ``maximumMilliseconds`` at the latest.
    private func startTimer() {
        guard cancelTimer == nil else { return }
        cancelTimer = scheduler.schedule(afterMilliseconds: maximumMilliseconds) { [weak self] in
            guard let self else { return }
            cancelTimer = nil
            if case .holding = state { state = .holding(releaseDue: true) }
            endTurn()
        }
    }
}
