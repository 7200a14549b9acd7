import SlamJSON

/// A type a declared parameter can have: how it is read from a request, how
/// a client writes it, and what discovery says its JSON is.
///
/// Reading happens straight from the request's parsed document, so a
/// parameter costs no conversion of anything else.
public protocol ParameterValue: Sendable {
    /// The JSON Schema `type` names this parameter accepts (`["string"]`); empty: any JSON value.
    static var jsonTypes: [String] { get }
    /// The JSON Schema of the value, for discovery (default: `{"type": …}` from ``jsonTypes``).
    static var schema: JSONValue { get }
    /// Reads the value, or nil when its JSON type does not fit (the caller reports which types do).
    init?(parameter element: JSONElement)
    /// Reads the value or throws the error a client sees. Override it for a
    /// check that says more than the JSON types (an unknown enumeration value).
    static func decode(_ element: JSONElement, parameter name: String, accepting types: [String]) throws(ResponseError) -> Self
    /// The value as a client sends it.
    var parameterJSON: JSONValue { get }
}

extension ParameterValue {
    public static var schema: JSONValue {
        switch jsonTypes.count {
        case 0: [:]
        case 1: ["type": .string(jsonTypes[0])]
        default: ["type": .array(jsonTypes.map(JSONValue.string))]
        }
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> Self {
        guard let value = Self(parameter: element) else { throw ParameterList<Void>.wrongType(name, types, element) }
        return value
    }
}

extension String: ParameterValue {
    public static var jsonTypes: [String] { ["string"] }
    public init?(parameter element: JSONElement) {
        guard let string = element.stringValue else { return nil }
        self = string
    }
    public var parameterJSON: JSONValue { .string(self) }
}

extension Int: ParameterValue {
    public static var jsonTypes: [String] { ["integer"] }
    /// An integer, or a number without a fraction (`3.0`).
    public init?(parameter element: JSONElement) {
        guard let integer = element.integerValue, let exact = Int(exactly: integer) else { return nil }
        self = exact
    }
    public var parameterJSON: JSONValue { .integer(Int64(self)) }
}

extension Bool: ParameterValue {
    public static var jsonTypes: [String] { ["boolean"] }
    public init?(parameter element: JSONElement) {
        guard let flag = element.boolValue else { return nil }
        self = flag
    }
    public var parameterJSON: JSONValue { .bool(self) }
}

extension JSONValue: ParameterValue {
    /// Any JSON value.
    public static var jsonTypes: [String] { [] }
    public init?(parameter element: JSONElement) {
        self = element.jsonValue
    }
    public var parameterJSON: JSONValue { self }
}
