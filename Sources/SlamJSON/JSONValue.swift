import OrderedCollections

/// A JSON value as Swift sees it: every JSON document Slam reads or writes passes
/// through this type, so nothing outside `SlamJSON` ever handles a `json_t*`.
///
/// Integers and doubles are distinct cases because JSON-RPC ids and protocol
/// values must come back exactly as they were sent (`1` is not `1.0`). Objects
/// keep their keys in document order.
///
/// ```swift
/// let value: JSONValue = ["jsonrpc": "2.0", "id": 1, "params": [42, 23]]
/// let bytes = try JSONSerializer().serialize(value)   // {"jsonrpc":"2.0","id":1,"params":[42,23]}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// An object: keys in document order, each at most once.
    public typealias Object = OrderedDictionary<String, JSONValue>

    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(Object)
}

extension JSONValue {
    /// The JSON type name used in error messages (`"object"`, `"integer"`, …).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as an integer; a double is accepted only when it has no fraction.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The value as a double; integers are converted.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: Object? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` of an object; `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Builds an object in the order written; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = Object(minimumCapacity: elements.count)
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, as it would go on the wire.
    public var description: String {
        guard let bytes = try? JSONSerializer().serialize(self) else {
            return "<unserializable JSON: non-finite number or nesting too deep>"
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
