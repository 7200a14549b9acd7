import SlamJSON
import SlamProtocol
import SlamRPC

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
///   {"focus": "name"}, {"typeText": "name", "value": " Lovelace"},
///   {"key": ["Tab", "Enter"]},
///   {"press": "fruit", "value": [0, 2]},
///   {"press": "brightness", "value": 0.25},
///   {"press": "due", "value": "2026-11-23"},
///   {"press": {"type": "Button", "text": "Settings"}},
///   {"press": {"role": "button", "name": "About"}},
///   {"reset": true},
///   {"expectAbsent": "count"},
///   {"expectTree": {"children": [{"ref": "count", "text": "/^Count: \\d+$/"}]}, "strict": false},
///   {"expectAria": ["- paragraph /^Count: \\d+$/", "- group \"Counter\":", "  - button \"-1\""]}]}
/// ```
///
/// Wherever a step names an element it takes a reference or a locator object
/// (`{"type", "text", "textMatches", "role", "name", "within", "nth"}`), as the protocol does.
public struct Flow: Sendable {
    public enum Step: Sendable, Equatable {
        case press(reference: ElementLocator, value: PressInput?)
        case text(reference: ElementLocator, text: String)
        case typeText(reference: ElementLocator, text: String)
        case focus(reference: ElementLocator)
        /// Keys pressed in order on the top controller.
        case key(names: [String])
        case task(name: String, param: String?)
        case wait(reference: ElementLocator, state: WaitState)
        case waitProperty(reference: ElementLocator, property: String, equals: JSONValue)
        case expect(reference: ElementLocator, property: String, equals: JSONValue)
        case expectAbsent(reference: ElementLocator)
        /// The tree of `reference` (nil: the root view) matches a template (see ``TreeTemplate``).
        case expectTree(template: TreeTemplate, reference: ElementLocator?, strict: Bool)
        /// The accessibility snapshot of `reference` (nil: the screen) contains a partial one (see ``AriaTemplate``).
        case expectAria(template: AriaTemplate, reference: ElementLocator?)
        /// The application back to its launch state (`reset`).
        case reset

        /// An aria template in one line: its first line, and how many more follow.
        static func ariaSummary(_ template: AriaTemplate) -> String {
            let lines = template.normalized.split(separator: "\n")
            guard let first = lines.first else { return "" }
            return lines.count == 1 ? String(first) : "\(first) (+\(lines.count - 1) line\(lines.count == 2 ? "" : "s"))"
        }

        /// A key as reports write it: a name bare (`Tab`), a single character quoted (`"a"`, `" "`).
        static func keyWord(_ name: String) -> String {
            name.count == 1 ? JSONValue.string(name).description : name
        }

        /// An element as reports write it: a reference bare (`save`), a locator described (`Button "Save"`).
        static func elementWord(_ locator: ElementLocator) -> String {
            locator.plainReference ?? locator.description
        }

        /// How the step reads in reports: `press increment`, `expect count text = "Count: 1"`.
        public var summary: String {
            switch self {
            case let .press(reference, value): "press \(Self.elementWord(reference))" + (value.map { " \($0.parameterJSON)" } ?? "")
            case let .text(reference, text): "text \(Self.elementWord(reference)) \(JSONValue.string(text))"
            case let .typeText(reference, text): "typeText \(Self.elementWord(reference)) \(JSONValue.string(text))"
            case let .focus(reference): "focus \(Self.elementWord(reference))"
            case let .key(names): "key " + names.map(Self.keyWord).joined(separator: " ")
            case let .task(name, param): "task \(name)" + (param.map { " \($0)" } ?? "")
            case let .wait(reference, state): "wait \(Self.elementWord(reference)) \(state.rawValue)"
            case let .waitProperty(reference, property, value): "wait \(Self.elementWord(reference)) \(property) = \(value)"
            case let .expect(reference, property, value): "expect \(Self.elementWord(reference)) \(property) = \(value)"
            case let .expectAbsent(reference): "expect \(Self.elementWord(reference)) absent"
            case let .expectTree(template, reference, strict):
                "expectTree " + (reference.map { "\(Self.elementWord($0)) " } ?? "") + (strict ? "strict " : "") + template.summary
            case let .expectAria(template, reference):
                "expectAria " + (reference.map { "\(Self.elementWord($0)) " } ?? "") + Self.ariaSummary(template)
            case .reset: "reset"
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
        name = try Self.string(root, "name", at: "$") ?? "flow"
        timeoutMilliseconds = try Self.timeout(root, at: "$") ?? WaitForRequest.defaultTimeoutMilliseconds
        guard case .array(let values)? = root["steps"], !values.isEmpty else {
            throw FormatError(path: "$.steps", reason: "must be a non-empty array of steps")
        }
        var steps: [(Step, Int, String?)] = []
        for (index, value) in values.enumerated() {
            let path = "$.steps[\(index)]"
            guard case .object(let members) = value else { throw FormatError(path: path, reason: "a step is an object") }
            let step = try Self.step(members, at: path)
            let timeout = try Self.timeout(members, at: path) ?? timeoutMilliseconds
            steps.append((step, timeout, try Self.string(members, "controller", at: path)))
        }
        self.steps = steps
    }

    /// The members each kind of step may have, besides `timeoutMs`.
    private static let membersByKind: [(kind: String, members: Set<String>)] = [
        ("press", ["value", "controller"]),
        ("text", ["value", "controller"]),
        ("typeText", ["value", "controller"]),
        ("focus", ["controller"]),
        ("key", []),
        ("task", ["param"]),
        ("wait", ["state", "property", "equals", "controller"]),
        ("expect", ["property", "equals", "controller"]),
        ("expectAbsent", ["controller"]),
        ("expectTree", ["ref", "strict", "controller"]),
        ("expectAria", ["ref", "controller"]),
        ("reset", []),
    ]


    private static func step(_ members: JSONValue.Object, at path: String) throws(FormatError) -> Step {
        let present = membersByKind.filter { members[$0.kind] != nil }
        guard present.count == 1, let (kind, allowed) = present.first else {
            throw FormatError(path: path, reason: "a step has exactly one of \(membersByKind.map(\.kind).joined(separator: ", "))")
        }
        if let unknown = members.keys.first(where: { $0 != kind && $0 != "timeoutMs" && !allowed.contains($0) }) {
            let takes = allowed.isEmpty ? "no other member than timeoutMs" : allowed.sorted().joined(separator: ", ")
            throw FormatError(path: "\(path).\(unknown)", reason: "not a member of a \(kind) step (it takes \(takes))")
        }
        if kind == "key" { return .key(names: try keyNames(members["key"], at: "\(path).key")) }
        if kind == "expectTree" { return try expectTree(members, at: path) }
        if kind == "expectAria" { return try expectAria(members, at: path) }
        if kind == "reset" {
            guard members["reset"] == .bool(true) else { throw FormatError(path: "\(path).reset", reason: "must be true") }
            return .reset
        }
        if kind == "task" {
            guard let name = members["task"]?.stringValue, !name.isEmpty else {
                throw FormatError(path: "\(path).task", reason: "must name a task as a string")
            }
            return .task(name: name, param: try string(members, "param", at: path))
        }
        let subject = try locator(members[kind], at: path, member: kind)
        switch kind {
        case "press":
            var value: PressInput?
            if let raw = members["value"], raw != .null {
                guard let input = PressInput(json: raw) else {
                    throw FormatError(path: "\(path).value", reason: "must be an index, a number, true, false, \"increment\", \"decrement\", "
                                      + "a text, [section, row] or {\"section\": …, \"row\": …} with integers")
                }
                value = input
            }
            return .press(reference: subject, value: value)
        case "text":
            guard let text = members["value"]?.stringValue else {
                throw FormatError(path: "\(path).value", reason: "a text step needs the text as a string \"value\"")
            }
            return .text(reference: subject, text: text)
        case "typeText":
            guard let text = members["value"]?.stringValue else {
                throw FormatError(path: "\(path).value", reason: "a typeText step needs the text as a string \"value\"")
            }
            return .typeText(reference: subject, text: text)
        case "focus":
            return .focus(reference: subject)
        case "wait":
            if let property = try string(members, "property", at: path) {
                guard members["state"] == nil else { throw FormatError(path: "\(path).state", reason: "give state or property, not both") }
                guard let expected = members["equals"] else {
                    throw FormatError(path: "\(path).equals", reason: "required with \"property\"")
                }
                return .waitProperty(reference: subject, property: property, equals: expected)
            }
            if members["equals"] != nil { throw FormatError(path: "\(path).property", reason: "required with \"equals\"") }
            let name = try string(members, "state", at: path) ?? "visible"
            guard let state = WaitState(rawValue: name) else {
                throw FormatError(path: "\(path).state", reason: "must be one of \(WaitState.allCases.map { $0.rawValue }.sorted().joined(separator: ", "))")
            }
            return .wait(reference: subject, state: state)
        case "expect":
            guard let property = try string(members, "property", at: path) else {
                throw FormatError(path: "\(path).property", reason: "an expect step needs \"property\" and \"equals\"")
            }
            guard let expected = members["equals"] else {
                throw FormatError(path: "\(path).equals", reason: "an expect step needs \"property\" and \"equals\"")
            }
            return .expect(reference: subject, property: property, equals: expected)
        default:
            return .expectAbsent(reference: subject)
        }
    }

    /// The element a step names: a reference, or a locator object (checked member by member).
    private static func locator(_ value: JSONValue?, at path: String, member: String) throws(FormatError) -> ElementLocator {
        guard let value, value != .string("") else {
            throw FormatError(path: "\(path).\(member)", reason: "must name an element: a reference or a locator object")
        }
        do throws(ResponseError) {
            return try ElementLocator.read(value, path: member)
        } catch {
            // The locator reader names the member at fault ("press.within.nth: must be an integer").
            let at = error.data?["parameter"]?.stringValue ?? member
            var reason = Substring(error.message)
            for prefix in ["\(ErrorCode.invalidParams.standardMessage ?? ""): ", "\(at): "] where reason.hasPrefix(prefix) {
                reason = reason.dropFirst(prefix.count)
            }
            throw FormatError(path: "\(path).\(at)", reason: String(reason))
        }
    }

    /// `{"expectTree": {template}, "ref"?, "strict"?, "controller"?}`; a malformed template names its path inside the step.
    private static func expectTree(_ members: JSONValue.Object, at path: String) throws(FormatError) -> Step {
        let template: TreeTemplate
        do {
            template = try TreeTemplate(json: members["expectTree"] ?? .null)
        } catch {
            throw FormatError(path: error.path(under: "\(path).expectTree"), reason: error.reason)
        }
        var strict = false
        if let value = members["strict"] {
            guard let flag = value.boolValue else { throw FormatError(path: "\(path).strict", reason: "must be true or false") }
            strict = flag
        }
        let reference = try members["ref"].map { value throws(FormatError) in try locator(value, at: path, member: "ref") }
        return .expectTree(template: template, reference: reference, strict: strict)
    }

    /// `{"expectAria": "text" or ["line", …], "ref"?, "controller"?}`; a template that cannot be read names its line.
    private static func expectAria(_ members: JSONValue.Object, at path: String) throws(FormatError) -> Step {
        let text: String
        switch members["expectAria"] {
        case .string(let written)?:
            text = written
        case .array(let lines)? where lines.allSatisfy({ $0.stringValue != nil }):
            text = lines.compactMap(\.stringValue).joined(separator: "\n")
        default:
            throw FormatError(path: "\(path).expectAria", reason: "must be an aria template: a string, or an array of its lines")
        }
        let template: AriaTemplate
        do {
            template = try AriaTemplate(text)
        } catch {
            throw FormatError(path: "\(path).expectAria", reason: error.description)
        }
        let reference = try members["ref"].map { value throws(FormatError) in try locator(value, at: path, member: "ref") }
        return .expectAria(template: template, reference: reference)
    }

    /// A `key` step's keys: one name, or a non-empty array of names (the daemon judges the names).
    private static func keyNames(_ value: JSONValue?, at path: String) throws(FormatError) -> [String] {
        let reason = "must be a key name (\"Tab\", \"Enter\", \"a\") or a non-empty array of them"
        switch value {
        case .string(let name)? where !name.isEmpty:
            return [name]
        case .array(let values)? where !values.isEmpty:
            var names: [String] = []
            for (index, value) in values.enumerated() {
                guard let name = value.stringValue, !name.isEmpty else { throw FormatError(path: "\(path)[\(index)]", reason: reason) }
                names.append(name)
            }
            return names
        default:
            throw FormatError(path: path, reason: reason)
        }
    }

    /// An optional string member; any other type is a format error at its path.
    private static func string(_ members: JSONValue.Object, _ name: String, at path: String) throws(FormatError) -> String? {
        guard let value = members[name] else { return nil }
        guard let text = value.stringValue else { throw FormatError(path: "\(path).\(name)", reason: "must be a string") }
        return text
    }

    /// An optional `timeoutMs`: a whole number of milliseconds, at least 0.
    private static func timeout(_ members: JSONValue.Object, at path: String) throws(FormatError) -> Int? {
        guard let value = members["timeoutMs"] else { return nil }
        guard let milliseconds = value.integerValue, milliseconds >= 0, milliseconds <= 600_000 else {
            throw FormatError(path: "\(path).timeoutMs", reason: "must be a whole number of milliseconds from 0 to 600000")
        }
        return Int(milliseconds)
    }
}
