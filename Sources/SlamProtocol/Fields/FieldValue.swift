import OrderedCollections
import SlamJSON
import SlamRPC

/// A value a declared field can hold: read from JSON, written to jansson, described by a schema.
public protocol FieldValue: ResultValue, JSONEncoding {
    /// The JSON Schema of the value where it stands as a member.
    static var fieldSchema: JSONValue { get }
    /// Whether a member of this type may be left out, read as `null` (an optional); otherwise a missing member
    /// is an error naming it, as a reply cut short must not read as one whose value is `null`.
    static var mayBeAbsent: Bool { get }
}

extension FieldValue {
    public static var mayBeAbsent: Bool { false }
}

extension String: FieldValue {
    public static var fieldSchema: JSONValue { ["type": "string"] }
}

extension Int: FieldValue {
    public static var fieldSchema: JSONValue { ["type": "integer"] }
}

extension Bool: FieldValue {
    public static var fieldSchema: JSONValue { ["type": "boolean"] }
}

/// Any JSON value, null included.
extension JSONValue: FieldValue {
    public static var fieldSchema: JSONValue { [:] }
}

extension Array: FieldValue where Element: FieldValue {
    public static var fieldSchema: JSONValue { ["type": "array", "items": Element.fieldSchema] }
}

/// `null` when nil: `{"type": [T, "null"]}` for a plain type, else one of the type's schema and null.
extension Optional: FieldValue where Wrapped: FieldValue {
    public static var mayBeAbsent: Bool { true }

    public static var fieldSchema: JSONValue {
        let wrapped = Wrapped.fieldSchema
        if case .object(let members) = wrapped, members.count == 1, case .string(let type)? = members["type"] {
            return ["type": [.string(type), "null"]]
        }
        if case .array(let alternatives)? = wrapped["oneOf"] { return ["oneOf": .array(alternatives + [["type": "null"]])] }
        return ["oneOf": [wrapped, ["type": "null"]]]
    }
}

/// Members of a JSON object, in the order received (shared state values, capabilities, a request's params).
extension JSONValue.Object: FieldValue, ResultValue, JSONEncoding {
    public static var fieldSchema: JSONValue { ["type": "object"] }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard case .object(let members) = json else { throw ResultDecodingError(expected: "an object", got: json) }
        self = members
    }

    public func jsonNode() -> JSONNode { JSONNode(JSONValue.object(self)) }
}

extension Snapshot: FieldValue {
    public static var fieldSchema: JSONValue { schemaReference }
}

/// A reference (a string) or a locator (an object), as a recorder replays it.
extension ElementLocator: FieldValue, ResultValue, JSONEncoding {
    public typealias Value = ElementLocator
    public static var fieldSchema: JSONValue { schema }

    public init(json: JSONValue) throws(ResultDecodingError) {
        do throws(ResponseError) {
            self = try ElementLocator.read(json, path: "ref")
        } catch {
            throw ResultDecodingError(expected: "a locator", got: json)
        }
    }

    public func jsonNode() -> JSONNode { JSONNode(parameterJSON) }
}
