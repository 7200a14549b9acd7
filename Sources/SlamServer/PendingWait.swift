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
    /// The element's accessibility snapshot contains an aria template.
    case aria(AriaTemplate)

    var jsonValue: JSONValue {
        switch self {
        case .exists: ["state": "exists"]
        case .absent: ["state": "absent"]
        case .visible: ["state": "visible"]
        case .hidden: ["state": "hidden"]
        case .enabled: ["state": "enabled"]
        case let .propertyEquals(name, value): ["property": .string(name), "equals": value]
        case let .template(template, strict): ["template": template.json, "strict": .bool(strict)]
        case .aria(let template): ["aria": .string(template.text)]
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
            guard let element, let actual = element.snapshotMember(named: name)?.jsonValue else {
                return false
            }
            return Self.equal(actual, expected)
        case let .template(template, strict):
            guard let element else { return false }
            return template.matches(ElementTemplateSubject(element: element), strict: strict)
        case .aria(let template):
            guard let element else { return false }
            return template.matches(element.accessibilityNodes())
        }
    }

    /// What a wait answers once the condition holds: the element's snapshot (null when absent),
    /// its whole tree for a template, from the elements' kept snapshot texts.
    func answer(for element: View?) -> JSONNode {
        guard let element else { return .null }
        if case .template = self { return ElementTreeOutput(element: element, depth: nil).jsonNode() }
        return ElementSnapshotOutput(element: element).jsonNode()
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
    /// The locator's patterns (`textMatches`, `/…/` names: its own and its containers'), compiled once for as long as
    /// the wait lasts: the service's small cache would compile them again for every change when many
    /// waits have patterns of their own.
    var patterns: [LocatorPattern: BoundedPattern] = [:]
    /// The characters of its locator's patterns and of its template's, counted against ``ServiceLimits``.
    var patternCharacters = 0
    /// The worst-case steps of those patterns on one text (``SlamProtocol/BoundedPattern/worstCaseSteps``).
    var patternSteps = 0
}
