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
            guard let actual = element?.snapshot()[name]?.jsonValue else { return false }
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

/// A `waitFor` that has not been answered yet.
struct PendingWait {
    let identifier: Int
    weak var session: ClientSession?
    /// nil: the controller's root view (a template wait).
    let reference: String?
    let controllerIdentifier: String?
    let condition: WaitCondition
    let timeoutMilliseconds: Int
    let reply: MethodDescriptor<ClientSession>.Reply
    var cancelTimer: () -> Void = {}
}

extension SlamService {
    /// The element a wait looks at now: in the named controller when it is on the stack, else in the top one;
    /// without a reference, that controller's root view.
    func waitTarget(_ reference: String?, controller identifier: String?) -> View? {
        let controller = identifier.map { application.controllerOnStack(identifier: $0) } ?? application.topController
        guard let reference else { return controller?.view }
        return controller?.find(reference)
    }

    /// Answers every pending wait whose condition now holds, oldest first.
    func evaluateWaits() {
        for identifier in waits.keys.sorted() {
            guard let wait = waits[identifier] else { continue }
            let element = waitTarget(wait.reference, controller: wait.controllerIdentifier)
            guard wait.condition.holds(for: element) else { continue }
            finishWait(identifier, with: .success(wait.condition.answer(for: element)))
        }
    }

    func finishWait(_ identifier: Int, with outcome: consuming MethodOutcome) {
        guard let wait = waits.removeValue(forKey: identifier) else { return }
        wait.cancelTimer()
        wait.session?.pendingWaits.remove(identifier)
        wait.reply(outcome)
    }
}
