import SlamJSON
import SlamProtocol
import SlamRPC

/// One argument of a tool as its input schema shows it: most take what a protocol parameter
/// takes, with its schema and summary from that parameter's declaration, so the two cannot drift.
struct ToolParameter {
    var name: String
    var summary: String
    var schema: JSONValue
    var isRequired: Bool

    /// An argument of the tool's own (no protocol parameter is like it).
    static func own(_ name: String, _ summary: String, schema: JSONValue, required: Bool = false) -> ToolParameter {
        ToolParameter(name: name, summary: summary, schema: schema, isRequired: required)
    }

    /// An argument that takes what `Request`'s parameter `parameter` takes: its schema, and its summary
    /// unless `summary` says it better for an agent; named `name` (default: the parameter's name).
    static func from<Request: SlamRequest>(_ request: Request.Type, _ parameter: String, as name: String? = nil,
                                           required: Bool? = nil, summary: String? = nil) -> ToolParameter {
        guard let declared = Request.parameters.documentation.first(where: { $0.name == parameter }) else {
            preconditionFailure("'\(Request.method)' declares no parameter '\(parameter)'")
        }
        return ToolParameter(name: name ?? parameter, summary: summary ?? declared.summary, schema: declared.schema,
                             isRequired: required ?? declared.isRequired)
    }

    /// `target`: the element acted on, as `press`'s `ref` takes it (a reference or a locator).
    static var target: ToolParameter {
        from(PressRequest.self, "ref", as: "target",
             summary: "The element: its ref from a snapshot (\"save\"), or a locator such as {\"role\": \"button\", \"name\": \"Save\"} or {\"text\": \"Save\"}.")
    }
}

/// Input and output schemas of the tools: JSON Schema objects that stand alone (a component the
/// protocol's declarations refer to is carried along under `$defs`).
enum ToolSchema {
    /// An object schema of `parameters`, refusing any other member.
    static func object(_ parameters: [ToolParameter]) -> JSONValue {
        var properties = JSONValue.Object()
        for parameter in parameters {
            var schema = parameter.schema.objectValue ?? [:]
            schema["description"] = .string(parameter.summary)
            properties[parameter.name] = .object(schema)
        }
        var object: JSONValue.Object = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        let required = parameters.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        return standalone(.object(object))
    }

    /// `schema` with its references to the protocol's components pointing into its own `$defs`.
    static func standalone(_ schema: JSONValue) -> JSONValue {
        var definitions = JSONValue.Object()
        var pending = referencedComponents(in: schema)
        while let name = pending.popLast() {
            guard definitions[name] == nil, let component = components[name] else { continue }
            definitions[name] = relocated(component)
            pending += referencedComponents(in: component)
        }
        guard case .object(var object) = relocated(schema), !definitions.isEmpty else { return relocated(schema) }
        definitions.sort { $0.key < $1.key }
        object["$defs"] = .object(definitions)
        return .object(object)
    }

    /// The components of the protocol's schemas that tool arguments refer to.
    private static let components: [String: JSONValue] = ["Locator": ElementLocator.objectSchema]
    private static let componentPrefix = "#/components/schemas/"

    private static func referencedComponents(in schema: JSONValue) -> [String] {
        switch schema {
        case .object(let members):
            var names: [String] = []
            for (key, value) in members {
                if key == "$ref", let reference = value.stringValue, reference.hasPrefix(componentPrefix) {
                    names.append(String(reference.dropFirst(componentPrefix.count)))
                } else {
                    names += referencedComponents(in: value)
                }
            }
            return names
        case .array(let items): return items.flatMap(referencedComponents)
        default: return []
        }
    }

    private static func relocated(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .object(var members):
            for (key, value) in members {
                if key == "$ref", let reference = value.stringValue, reference.hasPrefix(componentPrefix) {
                    members[key] = .string("#/$defs/" + reference.dropFirst(componentPrefix.count))
                } else {
                    members[key] = relocated(value)
                }
            }
            return .object(members)
        case .array(let items): return .array(items.map(relocated))
        default: return schema
        }
    }
}
