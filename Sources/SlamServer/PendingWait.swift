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

    var jsonValue: JSONValue {
        switch self {
        case .exists: ["state": "exists"]
        case .absent: ["state": "absent"]
        case .visible: ["state": "visible"]
        case .hidden: ["state": "hidden"]
        case .enabled: ["state": "enabled"]
        case let .propertyEquals(name, value): ["property": .string(name), "equals": value]
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
        }
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
    let reference: String
    let controllerIdentifier: String?
    let condition: WaitCondition
    let timeoutMilliseconds: Int
    let reply: MethodDescriptor<ClientSession>.Reply
    var cancelTimer: () -> Void = {}
}

extension SlamService {
    /// The element a wait looks at now: in the named controller when it is on the stack, else in the top one.
    func waitTarget(_ reference: String, controller identifier: String?) -> View? {
        let controller = identifier.map { application.controllerOnStack(identifier: $0) } ?? application.topController
        return controller?.find(reference)
    }

    /// Answers every pending wait whose condition now holds, oldest first.
    func evaluateWaits() {
        for identifier in waits.keys.sorted() {
            guard let wait = waits[identifier] else { continue }
            let element = waitTarget(wait.reference, controller: wait.controllerIdentifier)
            guard wait.condition.holds(for: element) else { continue }
            finishWait(identifier, with: .success(element?.snapshotNode() ?? .null))
        }
    }

    func finishWait(_ identifier: Int, with outcome: consuming MethodOutcome) {
        guard let wait = waits.removeValue(forKey: identifier) else { return }
        wait.cancelTimer()
        wait.session?.pendingWaits.remove(identifier)
        wait.reply(outcome)
    }
}
