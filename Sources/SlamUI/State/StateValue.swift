/// A value kept in a state view's `state` and `props`, or in the application's
/// shared ``StateStore``: JSON's data model, so a client can read and write it
/// over the protocol and two values can be compared (a kept child re-renders
/// only when its props really changed).
///
/// Literals build values directly:
/// ```swift
/// let todo: StateValue = ["id": "t1", "title": "Milk", "done": false]
/// ```
public enum StateValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case list([StateValue])
    case record([String: StateValue])
}

extension StateValue {
    /// The boolean, or nil when the value is not a boolean (see ``isTruthy`` for any value).
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The whole number, also from a double with no fraction; nil for anything else.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }
    /// The number as a double, integers included; nil when the value is not a number.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    /// The string, or nil when the value is not a string (see ``text`` for any value as text).
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The list's items, or nil when the value is not a list.
    public var listValue: [StateValue]? { if case .list(let value) = self { value } else { nil } }
    /// The record's members by key, or nil when the value is not a record.
    public var recordValue: [String: StateValue]? { if case .record(let value) = self { value } else { nil } }
    /// Whether the value is null.
    public var isNull: Bool { self == .null }

    /// The member `key` of a record (nil for other values or a missing member).
    public subscript(key: String) -> StateValue? {
        recordValue?[key]
    }

    /// Whether the value counts as "yes" where a boolean is expected (visibility,
    /// enabled): `false`, `null`, `0`, `""`, `[]` and `{}` are no; everything else is yes.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .integer(let value): value != 0
        case .double(let value): value != 0
        case .string(let value): !value.isEmpty
        case .list(let value): !value.isEmpty
        case .record(let value): !value.isEmpty
        }
    }

    /// How the value reads inside text (`"Count: {count}"`): strings as they are,
    /// `null` as nothing, numbers and booleans as JSON writes them, lists and
    /// records as compact JSON with sorted keys.
    public var text: String {
        switch self {
        case .string(let value): value
        case .null: ""
        default: jsonText
        }
    }

    /// The value as compact JSON text, members sorted by key.
    public var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value):
            value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) + ".0" : String(value)
        case .string(let value): Self.quoted(value)
        case .list(let values): "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .record(let members):
            "{" + members.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }

    /// The name of the value's kind, for error messages ("a string").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .list: "a list"
        case .record: "a record"
        }
    }

    // One escaping for every JSON string SlamUI writes as text (the accessibility snapshot's too).
    private static func quoted(_ text: String) -> String { AccessibilityNode.quoted(text) }
}

extension StateValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
    /// `true` and `false` are booleans.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole-number literal is an integer.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A literal with a point (`2.5`) is a double.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is a list.
    public init(arrayLiteral elements: StateValue...) { self = .list(elements) }
    /// A dictionary literal is a record; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, StateValue)...) {
        self = .record(Dictionary(elements) { _, last in last })
    }
}
