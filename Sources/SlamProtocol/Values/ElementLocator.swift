import SlamJSON
import SlamRPC

/// Which element a request means: a reference, or a description a person would give.
///
/// Every method that takes `ref` takes a locator. A string is a reference (the
/// fast path: one dictionary look-up). An object narrows the controller's
/// elements down by whatever it names, all of which must hold:
///
/// ```json
/// "save"                                            // the element whose reference is "save"
/// {"type": "Button", "text": "Settings"}            // the button reading exactly "Settings"
/// {"role": "button", "name": "Settings"}            // the button assistive technology calls "Settings"
/// {"role": "switch", "name": "/wi-?fi/i"}           // a switch whose name matches a regular expression
/// {"textMatches": "^Count: \\d+$"}                  // a text matching a regular expression
/// {"type": "Button", "within": "todoList", "nth": 0} // the first button inside todoList
/// ```
///
/// A locator must pick exactly one element: several matches are an error listing
/// them (unless `nth` picks one; negative counts from the end), none an error
/// naming the nearest references and texts.
public struct ElementLocator: Hashable, Sendable, ParameterValue, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The element's reference (with other members: one more condition).
    public var ref: String?
    /// The element type, as snapshots name it (`Button`, `Label` …).
    public var type: String?
    /// The element's text (its `text`, or an alert's `title`), compared exactly.
    public var text: String?
    /// A regular expression the element's text must contain a match of (anchor it with `^…$` for the whole text).
    /// The daemon refuses one that fails ``BoundedPattern``'s rule, and looks at the beginning of a long text only.
    public var textMatches: String?
    /// The element's WAI-ARIA role (`button`, `switch`, `heading` …), as snapshots' `role` names it.
    public var role: String?
    /// The element's accessible name, compared exactly; written `/pattern/` (or `/pattern/i`, ignoring case),
    /// a regular expression the name must contain a match of, refused like ``textMatches`` by ``BoundedPattern``.
    public var name: String?
    /// Which of several matches, in tree order from 0; negative counts from the end (-1: the last).
    public var nth: Int?
    /// Looks only inside the element this locator picks (its descendants, not itself).
    public var within: ElementLocator? {
        get { scope.first }
        set { scope = newValue.map { [$0] } ?? [] }
    }
    /// `within`, kept in an array so the type can hold itself.
    private var scope: [ElementLocator] = []

    /// The members an object locator may have, in documentation order.
    public static let members = ["ref", "type", "text", "textMatches", "role", "name", "within", "nth"]

    /// The element whose reference is `reference`.
    public init(_ reference: String) {
        self.ref = reference
    }

    public init(stringLiteral reference: String) {
        self.init(reference)
    }

    /// Elements described by what a person sees; give at least one of `ref`, `type`, `text`, `textMatches`,
    /// `role`, `name` (exact, or `/pattern/` for a regular expression).
    public init(ref: String? = nil, type: String? = nil, text: String? = nil, textMatches: String? = nil,
                role: String? = nil, name: String? = nil, within: ElementLocator? = nil, nth: Int? = nil) {
        self.ref = ref
        self.type = type
        self.text = text
        self.textMatches = textMatches
        self.role = role
        self.name = name
        self.nth = nth
        self.within = within
    }

    /// The reference, when the locator is nothing but a reference (the protocol's plain string).
    public var plainReference: String? {
        guard let ref, type == nil, text == nil, textMatches == nil, role == nil, name == nil, nth == nil, scope.isEmpty else { return nil }
        return ref
    }

    /// The name's regular expression, when `name` is written `/pattern/` or `/pattern/i`; nil for an exact name.
    public var namePattern: LocatorPattern? {
        name.flatMap(LocatorPattern.init(written:))
    }

    /// The regular expressions this locator itself holds (`textMatches`, a `/pattern/` name; not its container's).
    public var patterns: [LocatorPattern] {
        [textMatches.map { LocatorPattern(pattern: $0) }, namePattern].compactMap { $0 }
    }

    /// How a person reads it in messages: `'save'`, `Button "Settings" within 'list' #2`, `button "Settings"`.
    public var description: String {
        if let plainReference { return "'\(plainReference)'" }
        var words: [String] = []
        if let type, let role {
            words.append("\(type) (\(role))")
        } else {
            words.append(type ?? role ?? "element")
        }
        if let ref { words.append("'\(ref)'") }
        if let name { words.append(namePattern.map { "named \($0)" } ?? JSONValue.string(name).description) }
        if let text { words.append((name == nil ? "" : "text ") + JSONValue.string(text).description) }
        if let textMatches { words.append("matching /\(textMatches)/") }
        if let within { words.append("within \(within)") }
        if let nth { words.append("#\(nth)") }
        return words.joined(separator: " ")
    }

    // MARK: - JSON

    public static var jsonTypes: [String] { ["string", "object"] }

    public static var schema: JSONValue {
        ["oneOf": [["type": "string", "description": "An element's reference."], ["$ref": "#/components/schemas/Locator"]]]
    }

    /// The JSON Schema of an object locator, for discovery's components.
    public static var objectSchema: JSONValue {
        ["type": "object", "additionalProperties": false, "minProperties": 1,
         "description": "Elements described by what a person sees; every member given must hold. Exactly one element must match, unless nth picks one.",
         "properties": [
            "ref": ["type": "string", "description": "The element's reference."],
            "type": ["type": "string", "description": "The element type (Button, Label …)."],
            "text": ["type": "string", "description": "The element's text, exactly."],
            "textMatches": ["type": "string", "description": "A regular expression the text contains a match of."],
            "role": ["type": "string", "description": "The element's WAI-ARIA role (button, switch, heading …), as snapshots' role."],
            "name": ["type": "string",
                     "description": "The element's accessible name, exactly; /pattern/ (or /pattern/i, ignoring case): a regular expression the name contains a match of."],
            "within": ["oneOf": [["type": "string"], ["$ref": "#/components/schemas/Locator"]],
                       "description": "Only inside (the descendants of) the element this locator picks."],
            "nth": ["type": "integer", "description": "Which match, from 0 in tree order; negative counts from the end."],
         ]]
    }

    public init?(parameter element: JSONElement) {
        if let reference = element.stringValue {
            self.init(reference)
            return
        }
        guard let locator = try? Self.read(element.jsonValue, path: "ref") else { return nil }
        self = locator
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> ElementLocator {
        // A reference, the common case, is read straight from the request.
        if let reference = element.stringValue { return ElementLocator(reference) }
        return try read(element.jsonValue, path: name)
    }

    /// Reads a locator as the protocol writes it, or says which member at `path` is wrong.
    public static func read(_ json: JSONValue, path: String) throws(ResponseError) -> ElementLocator {
        func invalid(_ member: String, _ reason: String) -> ResponseError {
            .invalidParams("\(member): \(reason)", data: ["parameter": .string(member)])
        }
        switch json {
        case .string(let reference):
            return ElementLocator(reference)
        case .object(let members):
            var locator = ElementLocator()
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                let memberPath = "\(path).\(name)"
                switch name {
                case "ref", "type", "text", "textMatches", "role", "name":
                    guard case .string(let string) = value else { throw invalid(memberPath, "must be a string, got \(value.typeName)") }
                    switch name {
                    case "ref": locator.ref = string
                    case "type": locator.type = string
                    case "text": locator.text = string
                    case "role": locator.role = string
                    case "name":
                        if let pattern = LocatorPattern(written: string) {
                            do throws(BoundedPattern.Refusal) {
                                _ = try pattern.compiled()
                            } catch {
                                throw invalid(memberPath, "\(string) \(error.reason)")
                            }
                        }
                        locator.name = string
                    default:
                        do throws(BoundedPattern.Refusal) {
                            _ = try BoundedPattern(string)
                        } catch {
                            throw invalid(memberPath, "/\(string)/ \(error.reason)")
                        }
                        locator.textMatches = string
                    }
                case "nth":
                    guard let index = value.integerValue.flatMap({ Int(exactly: $0) }) else {
                        throw invalid(memberPath, "must be an integer, got \(value.typeName)")
                    }
                    locator.nth = index
                case "within":
                    locator.within = try read(value, path: memberPath)
                default:
                    throw invalid(memberPath, "unknown locator member '\(name)'; a locator has \(Self.members.joined(separator: ", "))")
                }
            }
            guard locator.ref != nil || locator.type != nil || locator.text != nil || locator.textMatches != nil
                    || locator.role != nil || locator.name != nil else {
                throw invalid(path, "a locator names at least one of ref, type, text, textMatches, role or name")
            }
            return locator
        default:
            throw invalid(path, "must be a reference (a string) or a locator (an object), got \(json.typeName)")
        }
    }

    public var parameterJSON: JSONValue {
        if let plainReference { return .string(plainReference) }
        var members = JSONValue.Object()
        if let ref { members["ref"] = .string(ref) }
        if let type { members["type"] = .string(type) }
        if let text { members["text"] = .string(text) }
        if let textMatches { members["textMatches"] = .string(textMatches) }
        if let role { members["role"] = .string(role) }
        if let name { members["name"] = .string(name) }
        if let within { members["within"] = within.parameterJSON }
        if let nth { members["nth"] = .integer(Int64(nth)) }
        return .object(members)
    }

    private init() {}
}
