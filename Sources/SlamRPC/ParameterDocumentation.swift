import SlamJSON

/// What discovery says about one declared parameter.
public struct ParameterDocumentation: Sendable {
    public var name: String
    public var summary: String
    public var isRequired: Bool
    /// A JSON Schema of the value.
    public var schema: JSONValue

    public init(name: String, summary: String, isRequired: Bool, schema: JSONValue) {
        self.name = name
        self.summary = summary
        self.isRequired = isRequired
        self.schema = schema
    }
}
