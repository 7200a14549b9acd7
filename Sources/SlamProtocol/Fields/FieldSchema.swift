import SlamJSON

/// Builds a declared value's JSON Schema: an object whose members are all required
/// but the omittable ones, each with its description.
public struct FieldSchema: FieldVisitor {
    private let summary: String?
    private var required: [JSONValue] = []
    private var properties = JSONValue.Object()

    public init(summary: String?) {
        self.summary = summary
    }

    /// `{type: object, description?, required, properties}`.
    public var schema: JSONValue {
        var object: JSONValue.Object = ["type": "object"]
        if let summary { object["description"] = .string(summary) }
        if !required.isEmpty { object["required"] = .array(required) }
        object["properties"] = .object(properties)
        return .object(object)
    }

    public mutating func field<Member: FieldValue>(_ name: StaticString, _ value: inout Member, _ description: String,
                                                   schema: @autoclosure () -> JSONValue) {
        required.append(.string(name.description))
        add(name, description, schema())
    }

    public mutating func omittable<Member: FieldValue>(_ name: StaticString, _ value: inout Member?, _ description: String,
                                                       schema: @autoclosure () -> JSONValue) {
        add(name, description, schema())
    }

    private mutating func add(_ name: StaticString, _ description: String, _ schema: JSONValue) {
        var described = schema
        if !description.isEmpty, case .object(var members) = schema {
            members["description"] = .string(description)
            described = .object(members)
        }
        properties[name.description] = described
    }
}
