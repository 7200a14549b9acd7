import SlamJSON

/// One declared parameter of a method: its name, whether it is required, and a
/// JSON Schema for its value.
///
/// The same declaration drives validation in the ``Dispatcher`` and the
/// description served by discovery, so the two cannot drift apart.
public struct ParameterDescriptor: Sendable {
    public var name: String
    public var summary: String
    public var isRequired: Bool
    /// A JSON Schema. Its `type` (a name or an array of names) is enforced before
    /// the handler runs; the rest is documentation for clients.
    public var schema: JSONValue

    public init(_ name: String, summary: String = "", required: Bool = false, schema: JSONValue = [:]) {
        self.name = name
        self.summary = summary
        self.isRequired = required
        self.schema = schema
    }

    /// Checks `value` against the schema's `type`; returns the failure as a sentence, or nil.
    func typeMismatch(_ value: JSONValue) -> String? {
        let allowed: [String]
        switch schema["type"] {
        case .string(let type)?: allowed = [type]
        case .array(let types)?: allowed = types.compactMap(\.stringValue)
        default: return nil
        }
        let matches = allowed.contains { type in
            switch (type, value) {
            case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
                 ("number", .integer), ("number", .double), ("integer", .integer):
                true
            case ("integer", .double(let double)):
                double.rounded() == double
            default:
                false
            }
        }
        if matches { return nil }
        return "parameter '\(name)' must be \(allowed.joined(separator: " or ")), got \(value.typeName)"
    }
}
