import SlamJSON
import SlamProtocol

extension DeclaredFields {
    /// The value as a tool's structured content: the JSON the protocol writes for it.
    var structuredContent: JSONValue {
        // Written and read back: the fields write jansson nodes, the tools answer JSON values.
        (try? JSONParser().parse(jsonNode().serialized())) ?? .null
    }

    /// The type's schema as a tool's output schema.
    static var outputSchema: JSONValue { ToolSchema.standalone(objectSchema) }
}
