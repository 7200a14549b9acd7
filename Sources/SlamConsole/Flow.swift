import SlamJSON

/// A scenario: steps run in order against a daemon, each waiting for its
/// element as a user would (after Maestro flows).
///
/// ```json
/// {"name": "Counter", "timeoutMs": 3000, "steps": [
///   {"press": "increment"},
///   {"expect": "count", "property": "text", "equals": "Count: 1"},
///   {"task": "push", "param": "Settings"},
///   {"wait": "wifi", "state": "visible"},
///   {"text": "name", "value": "Ada"},
///   {"press": "volume", "value": "increment"},
///   {"expectAbsent": "count"}]}
/// ```
public struct Flow: Sendable {
    public enum Step: Sendable, Equatable {
        case press(reference: String, value: JSONValue?)
        case text(reference: String, text: String)
        case task(name: String, param: String?)
        case wait(reference: String, state: String)
        case waitProperty(reference: String, property: String, equals: JSONValue)
        case expect(reference: String, property: String, equals: JSONValue)
        case expectAbsent(reference: String)

        /// How the step reads in reports: `press increment`, `expect count text = "Count: 1"`.
        public var summary: String {
            switch self {
            case let .press(reference, value): "press \(reference)" + (value.map { " \($0)" } ?? "")
            case let .text(reference, text): "text \(reference) \(JSONValue.string(text))"
            case let .task(name, param): "task \(name)" + (param.map { " \($0)" } ?? "")
            case let .wait(reference, state): "wait \(reference) \(state)"
            case let .waitProperty(reference, property, value): "wait \(reference) \(property) = \(value)"
            case let .expect(reference, property, value): "expect \(reference) \(property) = \(value)"
            case let .expectAbsent(reference): "expect \(reference) absent"
            }
        }
    }

    /// A flow file that cannot be run, with the JSON path at fault.
    public struct FormatError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public let name: String
    /// How long each step waits for its element or condition.
    public let timeoutMilliseconds: Int
    public let steps: [(step: Step, timeoutMilliseconds: Int, controller: String?)]

    public init(json: JSONValue) throws(FormatError) {
        guard case .object(let root) = json else { throw FormatError(path: "$", reason: "a flow is an object with \"steps\"") }
        for key in root.keys where !["name", "timeoutMs", "steps"].contains(key) {
            throw FormatError(path: "$.\(key)", reason: "unknown member; a flow has name, timeoutMs, steps")
        }
        name = root["name"]?.stringValue ?? "flow"
        timeoutMilliseconds = Int(root["timeoutMs"]?.integerValue ?? 5_000)
        guard case .array(let values)? = root["steps"], !values.isEmpty else {
            throw FormatError(path: "$.steps", reason: "must be a non-empty array of steps")
        }
        var steps: [(Step, Int, String?)] = []
        for (index, value) in values.enumerated() {
            let path = "$.steps[\(index)]"
            guard case .object(let members) = value else { throw FormatError(path: path, reason: "a step is an object") }
            let step = try Self.step(members, at: path)
            let timeout = members["timeoutMs"].map { Int($0.integerValue ?? -1) } ?? timeoutMilliseconds
            guard timeout >= 0 else { throw FormatError(path: path + ".timeoutMs", reason: "must be a non-negative integer") }
            steps.append((step, timeout, members["controller"]?.stringValue))
        }
        self.steps = steps
    }

    private static let kinds = ["press", "text", "task", "wait", "expect", "expectAbsent"]

    private static func step(_ members: JSONValue.Object, at path: String) throws(FormatError) -> Step {
        let present = kinds.filter { members[$0] != nil }
        guard present.count == 1, let kind = present.first else {
            throw FormatError(path: path, reason: "a step has exactly one of \(kinds.joined(separator: ", "))")
        }
        let allowed: Set<String> = [kind, "value", "param", "state", "property", "equals", "timeoutMs", "controller"]
        if let unknown = members.keys.first(where: { !allowed.contains($0) }) {
            throw FormatError(path: "\(path).\(unknown)", reason: "unknown member")
        }
        guard let subject = members[kind]?.stringValue, !subject.isEmpty else {
            throw FormatError(path: "\(path).\(kind)", reason: "must name an element (or task) as a string")
        }
        switch kind {
        case "press":
            return .press(reference: subject, value: members["value"])
        case "text":
            guard let text = members["value"]?.stringValue else {
                throw FormatError(path: "\(path).value", reason: "a text step needs the text as a string \"value\"")
            }
            return .text(reference: subject, text: text)
        case "task":
            return .task(name: subject, param: members["param"]?.stringValue)
        case "wait":
            if let property = members["property"]?.stringValue {
                guard let expected = members["equals"] else {
                    throw FormatError(path: "\(path).equals", reason: "required with \"property\"")
                }
                return .waitProperty(reference: subject, property: property, equals: expected)
            }
            return .wait(reference: subject, state: members["state"]?.stringValue ?? "visible")
        case "expect":
            guard let property = members["property"]?.stringValue, let expected = members["equals"] else {
                throw FormatError(path: path, reason: "an expect step needs \"property\" and \"equals\"")
            }
            return .expect(reference: subject, property: property, equals: expected)
        default:
            return .expectAbsent(reference: subject)
        }
    }
}
