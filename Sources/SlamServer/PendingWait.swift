import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

/// What a `waitFor` waits for.
enum WaitCondition: Equatable {
    case exists
    case absent
    case visible
    case hidden
    case enabled
    case propertyEquals(name: String, value: JSONValue)
    /// The element's tree matches a template (children one to one when `strict`).
    case template(TreeTemplate, strict: Bool)

    var jsonValue: JSONValue {
        switch self {
        case .exists: ["state": "exists"]
        case .absent: ["state": "absent"]
        case .visible: ["state": "visible"]
        case .hidden: ["state": "hidden"]
        case .enabled: ["state": "enabled"]
        case let .propertyEquals(name, value): ["property": .string(name), "equals": value]
        case let .template(template, strict): ["template": template.json, "strict": .bool(strict)]
        }
    }

    /// Whether the condition holds for `element` (nil: not found).
    func holds(for element: View?) -> Bool {
        switch self {
        case .exists: return element != nil
        case .absent: return element == nil
        case .visible: return element.map { !$0.isHidden } ?? false
        case .hidden: return element.map(\.isHidden) ?? false
        case .enabled: return element.map { ($0 as? ControlView)?.isEnabled ?? true } ?? false
        case let .propertyEquals(name, expected):
            // Judged for every pending wait after every change: read the one property, not a whole snapshot.
            guard let element, let actual = type(of: element).properties.first(where: { $0.name == name })?.read(element).jsonValue else {
                return false
            }
            return Self.equal(actual, expected)
        case let .template(template, strict):
            guard let element else { return false }
            return template.matches(ElementTemplateSubject(element: element), strict: strict)
        }
    }

    /// What a wait answers once the condition holds: the element's snapshot (null when absent),
    /// its whole tree for a template.
    func answer(for element: View?) -> JSONNode {
        guard let element else { return .null }
        if case .template = self { return element.treeNode(depth: nil) }
        return element.snapshotNode()
    }

    /// JSON equality where numbers compare by value (`5` equals `5.0`).
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer, .double), (.double, .integer), (.double, .double):
            return lhs.doubleValue == rhs.doubleValue
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(equal)
        default:
            return lhs == rhs
        }
    }
}

/// A request whose answer waits for the UI: a `waitFor`, or an action with `timeoutMs`
/// waiting for its element to become actionable.
struct PendingWait {
    /// What answers the wait.
    enum Purpose {
        /// A `waitFor`: answered with the element's snapshot once the condition holds.
        case condition(WaitCondition)
        /// An acting request: performed once the element is actionable, answered with what it answers.
        case action(PendingAction)
    }

    let identifier: Int
    weak var session: ClientSession?
    /// nil: the controller's root view (a template wait).
    let reference: ElementLocator?
    let controllerIdentifier: String?
    let purpose: Purpose
    let timeoutMilliseconds: Int
    let reply: MethodDescriptor<ClientSession>.Reply
    var cancelTimer: () -> Void = {}
    /// The locator's `textMatches` patterns (its own and its containers'), compiled once for as long as
    /// the wait lasts: the service's small cache would compile them again for every change when many
    /// waits have patterns of their own.
    var patterns: [String: BoundedPattern] = [:]
    /// The characters of its locator's patterns and of its template's, counted against ``ServiceLimits``.
    var patternCharacters = 0
    /// The worst-case steps of those patterns on one text (``SlamProtocol/BoundedPattern/worstCaseSteps``).
    var patternSteps = 0
}

extension SlamService {
    /// The element a wait looks at now: in the named controller when it is on the stack, else in the top one;
    /// without a reference, that controller's root view.
    ///
    /// - Throws: -32014 when the locator matches several elements.
    func waitTarget(_ reference: ElementLocator?, controller identifier: String?) throws(ResponseError) -> View? {
        let controller = identifier.map { application.controllerOnStack(identifier: $0) } ?? application.topController
        guard let controller else { return nil }
        guard let reference else { return controller.view }
        return try locate(reference, in: controller)
    }

    /// Answers every pending wait whose condition now holds, oldest first, until one pending
    /// action finds its element actionable and acts: then returns true, so that what it changed
    /// is applied and announced before anything else is judged (``afterUIActivity()`` loops).
    func evaluateWaits() -> Bool {
        compactWaitOrder()
        defer { patternsOfJudgedWait = [:] }
        for identifier in waitOrder {
            guard let wait = waits[identifier] else { continue }
            patternsOfJudgedWait = wait.patterns
            switch wait.purpose {
            case .condition(let condition):
                let element: View?
                do throws(ResponseError) {
                    element = try waitTarget(wait.reference, controller: wait.controllerIdentifier)
                } catch {
                    finishWait(identifier, with: .failure(error))
                    continue
                }
                guard condition.holds(for: element) else { continue }
                finishWait(identifier, with: .success(condition.answer(for: element)))
            case .action(let action):
                guard let reference = wait.reference else { continue }
                switch readiness(reference, in: wait.controllerIdentifier) {
                case .notReady: continue
                case .failed(let error): finishWait(identifier, with: .failure(error))
                case .ready(let element):
                    guard let wait = takeWait(identifier) else { continue }
                    action.perform(on: element, service: self, reply: wait.reply)
                    return true
                }
            }
        }
        return false
    }

    /// Drops the answered waits from ``waitOrder`` once they are as many as the pending ones
    /// (forgetting each at once would cost a search of the order per answer).
    func compactWaitOrder() {
        guard waitOrder.count > 2 * waits.count + 16 else { return }
        waitOrder.removeAll { waits[$0] == nil }
    }

    func finishWait(_ identifier: Int, with outcome: consuming MethodOutcome) {
        takeWait(identifier)?.reply(outcome)
    }

    /// Forgets a wait about to be answered (its timer cancelled); nil when it was answered already.
    func takeWait(_ identifier: Int) -> PendingWait? {
        guard let wait = waits.removeValue(forKey: identifier) else { return nil }
        wait.cancelTimer()
        wait.session?.pendingWaits.remove(identifier)
        wait.session?.pendingPatternCharacters -= wait.patternCharacters
        pendingPatternCharacters -= wait.patternCharacters
        wait.session?.pendingPatternSteps -= wait.patternSteps
        pendingPatternSteps -= wait.patternSteps
        return wait
    }

    /// Keeps a wait until it is answered, or until `timeout` passes (then `onTimeout` answers it).
    ///
    /// - Throws: -32017 when `session`, or all connections together, already hold as many pending
    ///   waits and actions as ``ServiceLimits`` allows.
    func registerWait(session: ClientSession, reference: ElementLocator?, controller identifier: String?, purpose: PendingWait.Purpose,
                      timeoutMilliseconds timeout: Int, reply: @escaping MethodDescriptor<ClientSession>.Reply,
                      onTimeout: @escaping (SlamService, @escaping MethodDescriptor<ClientSession>.Reply) -> Void) throws(ResponseError) {
        let patterns = compiledPatterns(of: reference)
        var patternCharacters = patterns.keys.reduce(0) { $0 + $1.count }
        var patternSteps = patterns.values.reduce(0) { $0 + $1.worstCaseSteps }
        if case .condition(.template(let template, _)) = purpose {
            patternCharacters += template.patternCharacters
            if template.patternCharacters > 0 { patternSteps += template.patternSteps }
        }
        try checkRoomForWait(of: session, patternCharacters: patternCharacters, patternSteps: patternSteps)
        compactWaitOrder()
        nextWaitIdentifier += 1
        let waitIdentifier = nextWaitIdentifier
        var wait = PendingWait(identifier: waitIdentifier, session: session, reference: reference, controllerIdentifier: identifier,
                               purpose: purpose, timeoutMilliseconds: timeout, reply: reply)
        wait.patterns = patterns
        wait.patternCharacters = patternCharacters
        wait.patternSteps = patternSteps
        wait.cancelTimer = scheduler.schedule(afterMilliseconds: timeout) { [weak self] in
            guard let self, let wait = takeWait(waitIdentifier) else { return }
            onTimeout(self, wait.reply)
            afterUIActivity()
        }
        waits[waitIdentifier] = wait
        waitOrder.append(waitIdentifier)
        session.pendingWaits.insert(waitIdentifier)
        session.pendingPatternCharacters += patternCharacters
        pendingPatternCharacters += patternCharacters
        session.pendingPatternSteps += patternSteps
        pendingPatternSteps += patternSteps
    }

    /// Checks a timeout parameter against the configured limits.
    func checkedTimeout(_ milliseconds: Int?, default fallback: Int) throws(ResponseError) -> Int {
        let timeout = milliseconds ?? fallback
        guard (0...configuration.maximumWaitTimeoutMilliseconds).contains(timeout) else {
            throw .invalidParams("timeoutMs: must be between 0 and \(configuration.maximumWaitTimeoutMilliseconds), got \(timeout)",
                                 data: ["parameter": "timeoutMs"])
        }
        return timeout
    }
}
