import SlamProtocol
import SlamRPC

/// The requests whose answers wait for the UI (``PendingWait``): `waitFor`s, and actions waiting
/// for their element to become actionable.
///
/// A wait is pending from ``add(session:reference:controller:purpose:patterns:timeoutMilliseconds:reply:onTimeout:)``
/// until it is answered, once: ``judge(_:)`` finds it holds (or its action can act), its timeout
/// passes, its connection goes (``cancel(of:)``), or every wait is answered at once
/// (``answerAll(with:)``: a reset, a shutdown). Waits are judged in the order they were made.
///
/// Each wait keeps its locator's compiled patterns for as long as it lasts; their characters and
/// worst-case steps (a template's included) count against ``ServiceLimits``, per connection and in
/// all, and are returned when the wait is answered.
final class PendingWaits {
    /// What judging a wait found.
    enum Verdict: ~Copyable {
        /// It goes on waiting.
        case waiting
        /// It is answered now, with this.
        case answered(MethodOutcome)
        /// Its action can act now: it is taken and acts, answering through the reply it is given.
        case acting((@escaping MethodDescriptor<ClientSession>.Reply) -> Void)
    }

    private var waits: [Int: PendingWait] = [:]
    /// The identifiers of ``waits`` in the order they were made (which is how they are judged), and
    /// of some answered since, skipped (see ``compact()``): sorting them after every change cost
    /// more than judging them.
    private var order: [Int] = []
    private var lastIdentifier = 0
    /// The patterns of the wait being judged (``PendingWait/patterns``), for its locator to find before any cache.
    private(set) var patternsOfJudgedWait: [LocatorPattern: BoundedPattern] = [:]
    private let scheduler: Scheduler
    private let limits: ServiceLimits
    /// What every instance of the daemon holds, for the daemon's bounds.
    private let holdings: DaemonHoldings
    /// Ends the service's turn after a wait timed out (announcing what its answer changed).
    var endTurn: () -> Void = {}

    init(scheduler: Scheduler, limits: ServiceLimits, holdings: DaemonHoldings = DaemonHoldings()) {
        self.scheduler = scheduler
        self.limits = limits
        self.holdings = holdings
    }

    /// How many waits are pending.
    var count: Int { waits.count }
    /// The characters of the patterns all pending waits hold, in every instance (``PendingWait/patternCharacters``).
    var patternCharacters: Int { holdings.patternCharacters }
    /// Their worst-case steps (``PendingWait/patternSteps``).
    var patternSteps: Int { holdings.patternSteps }
    var isEmpty: Bool { waits.isEmpty }

    /// Keeps a wait of `session` until it is answered, or until `timeout` passes (then it is taken
    /// and `onTimeout` answers it through its reply).
    ///
    /// - Parameter patterns: the locator's compiled patterns; a template's count from `purpose`.
    /// - Throws: -32017 when `session`, or all connections together, would hold more waits, pattern
    ///   characters or pattern steps than ``ServiceLimits`` allows.
    func add(session: ClientSession, reference: ElementLocator?, controller: String?, purpose: PendingWait.Purpose,
             patterns: [LocatorPattern: BoundedPattern], timeoutMilliseconds timeout: Int,
             reply: @escaping MethodDescriptor<ClientSession>.Reply,
             onTimeout: @escaping (@escaping MethodDescriptor<ClientSession>.Reply) -> Void) throws(ResponseError) {
        var characters = patterns.keys.reduce(0) { $0 + $1.pattern.count }
        var steps = patterns.values.reduce(0) { $0 + $1.worstCaseSteps }
        if case .condition(.template(let template, _)) = purpose {
            characters += template.patternCharacters
            if template.patternCharacters > 0 { steps += template.patternSteps }
        }
        if case .condition(.aria(let template)) = purpose {
            characters += template.patternCharacters
            steps += template.patternSteps
        }
        try checkRoom(of: session, patternCharacters: characters, patternSteps: steps)
        compact()
        lastIdentifier += 1
        let identifier = lastIdentifier
        var wait = PendingWait(identifier: identifier, session: session, reference: reference, controllerIdentifier: controller,
                               purpose: purpose, timeoutMilliseconds: timeout, reply: reply)
        wait.patterns = patterns
        wait.patternCharacters = characters
        wait.patternSteps = steps
        wait.cancelTimer = scheduler.schedule(afterMilliseconds: timeout) { [weak self] in
            guard let self, let wait = take(identifier) else { return }
            onTimeout(wait.reply)
            endTurn()
        }
        waits[identifier] = wait
        order.append(identifier)
        session.pendingWaits.insert(identifier)
        session.pendingPatternCharacters += characters
        session.pendingPatternSteps += steps
        holdings.pendingWaits += 1
        holdings.patternCharacters += characters
        holdings.patternSteps += steps
    }

    /// Refuses a new wait of `session`, holding patterns of `patternCharacters` characters that may
    /// take `patternSteps` steps on a text, beyond its connection's or the daemon's bounds.
    private func checkRoom(of session: ClientSession, patternCharacters characters: Int, patternSteps steps: Int) throws(ResponseError) {
        try limits.check(.pendingWaitsPerConnection, holding: session.pendingWaits.count)
        try limits.check(.pendingWaits, holding: holdings.pendingWaits)
        guard characters > 0 else { return }
        try limits.check(.pendingPatternCharactersPerConnection, holding: session.pendingPatternCharacters, adding: characters)
        try limits.check(.pendingPatternCharacters, holding: holdings.patternCharacters, adding: characters)
        try limits.check(.pendingPatternStepsPerConnection, holding: session.pendingPatternSteps, adding: steps)
        try limits.check(.pendingPatternSteps, holding: holdings.patternSteps, adding: steps)
    }

    /// Judges every pending wait, oldest first, answering those `verdict` answers, until one acts:
    /// then returns true, so that what the action changed is applied and announced before anything
    /// else is judged.
    func judge(_ verdict: (PendingWait) -> Verdict) -> Bool {
        compact()
        defer { patternsOfJudgedWait = [:] }
        for identifier in order {
            guard let wait = waits[identifier] else { continue }
            patternsOfJudgedWait = wait.patterns
            switch verdict(wait) {
            case .waiting:
                continue
            case .answered(let outcome):
                finish(identifier, with: outcome)
            case .acting(let act):
                guard let wait = take(identifier) else { continue }
                act(wait.reply)
                return true
            }
        }
        return false
    }

    /// Answers the wait `identifier` with `outcome`, unless it was answered already.
    func finish(_ identifier: Int, with outcome: consuming MethodOutcome) {
        take(identifier)?.reply(outcome)
    }

    /// Forgets a wait about to be answered (its timer cancelled, its patterns' budget returned);
    /// nil when it was answered already.
    func take(_ identifier: Int) -> PendingWait? {
        guard let wait = waits.removeValue(forKey: identifier) else { return nil }
        wait.cancelTimer()
        wait.session?.pendingWaits.remove(identifier)
        wait.session?.pendingPatternCharacters -= wait.patternCharacters
        wait.session?.pendingPatternSteps -= wait.patternSteps
        holdings.pendingWaits -= 1
        holdings.patternCharacters -= wait.patternCharacters
        holdings.patternSteps -= wait.patternSteps
        return wait
    }

    /// Forgets the waits of a connection that went away, unanswered.
    func cancel(of session: ClientSession) {
        for identifier in session.pendingWaits {
            _ = take(identifier)
        }
        session.pendingWaits.removeAll()
    }

    /// Answers every pending wait, oldest first, with the error `reason` gives it.
    func answerAll(with reason: (PendingWait) -> ResponseError) {
        for identifier in order {
            guard let wait = take(identifier) else { continue }
            wait.reply(.failure(reason(wait)))
        }
        compact()
    }

    /// Drops the answered waits from ``order`` once they are as many as the pending ones
    /// (forgetting each at once would cost a search of the order per answer).
    private func compact() {
        guard order.count > 2 * waits.count + 16 else { return }
        order.removeAll { waits[$0] == nil }
    }
}
