import SlamJSON

/// One declared parameter of a method whose params decode into `Params`:
/// its name, whether it is required, what it accepts, and where it goes.
///
/// The same declaration decodes a request (by name or by position), names the
/// parameter in every error, writes a client's request and documents the
/// parameter in discovery, so these cannot drift apart.
///
/// ```swift
/// static let parameters = ParameterList(empty: FindRequest(ref: ""), [
///     .required("ref", \.ref, summary: "The element's reference."),
///     .optional("controller", \.controller, summary: "A controller on the stack."),
/// ])
/// ```
public struct Parameter<Params>: Sendable {
    public let name: String
    public let summary: String
    public let isRequired: Bool
    /// The JSON types accepted (`[]`: any), named in the error for a value of another type.
    public let acceptedTypes: [String]
    let schema: @Sendable () -> JSONValue
    let decode: @Sendable (inout Params, JSONElement) throws(ResponseError) -> Void
    let encode: @Sendable (Params) -> JSONValue?

    /// A parameter the client must give.
    ///
    /// - Parameters:
    ///   - types: the JSON types accepted, when narrower than the value type's own (a JSON value that must be an object).
    ///   - schema: the schema discovery shows, when it says more than the types (a minimum, an enumeration).
    public static func required<Value: ParameterValue>(
        _ name: String, _ keyPath: WritableKeyPath<Params, Value> & Sendable, summary: String,
        types: [String]? = nil, schema: (@Sendable () -> JSONValue)? = nil
    ) -> Parameter {
        let accepted = types ?? Value.jsonTypes
        return Parameter(
            name: name, summary: summary, isRequired: true, acceptedTypes: accepted,
            schema: schema ?? { Self.schema(Value.self, accepted) },
            decode: { params, element throws(ResponseError) in
                params[keyPath: keyPath] = try Self.read(Value.self, element, name, accepted)
            },
            encode: { $0[keyPath: keyPath].parameterJSON })
    }

    /// A parameter the client may leave out (nil). With `nullable`, `null` is accepted as "left out" too;
    /// otherwise `null` is a value of the wrong type, as for a required parameter.
    public static func optional<Value: ParameterValue>(
        _ name: String, _ keyPath: WritableKeyPath<Params, Value?> & Sendable, summary: String,
        nullable: Bool = false, types: [String]? = nil, schema: (@Sendable () -> JSONValue)? = nil
    ) -> Parameter {
        var accepted = types ?? Value.jsonTypes
        if nullable && !accepted.isEmpty { accepted.append("null") }
        let acceptedTypes = accepted
        return Parameter(
            name: name, summary: summary, isRequired: false, acceptedTypes: acceptedTypes,
            schema: schema ?? { Self.schema(Value.self, acceptedTypes) },
            decode: { params, element throws(ResponseError) in
                if nullable && element.isNull {
                    params[keyPath: keyPath] = nil
                } else {
                    params[keyPath: keyPath] = try Self.read(Value.self, element, name, acceptedTypes)
                }
            },
            encode: { $0[keyPath: keyPath]?.parameterJSON })
    }

    /// What discovery says about this parameter.
    public var documentation: ParameterDocumentation {
        ParameterDocumentation(name: name, summary: summary, isRequired: isRequired, schema: schema())
    }

    private static func read<Value: ParameterValue>(_ type: Value.Type, _ element: JSONElement, _ name: String,
                                                    _ accepted: [String]) throws(ResponseError) -> Value {
        if !accepted.isEmpty && !ParameterList<Void>.fits(element, accepted) {
            throw ParameterList<Void>.wrongType(name, accepted, element)
        }
        return try Value.decode(element, parameter: name, accepting: accepted)
    }

    private static func schema<Value: ParameterValue>(_ type: Value.Type, _ accepted: [String]) -> JSONValue {
        guard accepted != Value.jsonTypes else { return Value.schema }
        switch accepted.count {
        case 0: return [:]
        case 1: return ["type": .string(accepted[0])]
        default: return ["type": .array(accepted.map(JSONValue.string))]
        }
    }
}
