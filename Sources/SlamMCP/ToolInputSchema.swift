import SlamJSON
import SlamProtocol
import SlamRPC

/// Builds a tool's input schema from the protocol's own parameter declarations, so that an argument
/// says and accepts exactly what the Slam parameter it is passed to does.
///
/// Locators refer to one definition kept in the schema itself (`$defs`), since a tool's schema has no
/// OpenRPC components to point into.
enum ToolInputSchema {
    /// One argument: its name, the schema (with its summary as `description`) and whether it is required.
    struct Argument {
        let name: String
        let schema: JSONValue
        let isRequired: Bool

        /// The argument `name` as the parameter `parameter` of `request` declares it (its summary and
        /// schema); required when `isRequired` says so, else as the parameter is.
        init<Request: SlamRequest>(_ name: String, from request: Request.Type, parameter: String? = nil, isRequired: Bool? = nil,
                                   summary: String? = nil) {
            let wanted = parameter ?? name
            guard let declared = request.parameters.documentation.first(where: { $0.name == wanted }) else {
                preconditionFailure("\(request.method) declares no parameter '\(wanted)'")
            }
            var schema = declared.schema.objectValue ?? [:]
            schema["description"] = .string(summary ?? declared.summary)
            self.name = name
            self.schema = .object(schema)
            self.isRequired = isRequired ?? declared.isRequired
        }

        /// An argument no Slam parameter declares (what the tool itself does with it).
        init(_ name: String, schema: JSONValue, summary: String, isRequired: Bool = false) {
            var members = schema.objectValue ?? [:]
            members["description"] = .string(summary)
            self.name = name
            self.schema = .object(members)
            self.isRequired = isRequired
        }
    }

    static let componentLocator = "#/components/schemas/Locator"
    static let localLocator = "#/$defs/Locator"

    /// An object schema with `arguments` as its properties, in order, and no others.
    static func object(_ arguments: [Argument]) -> JSONValue {
        var properties = JSONValue.Object()
        for argument in arguments { properties[argument.name] = argument.schema }
        var schema: JSONValue.Object = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        let required = arguments.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { schema["required"] = .array(required) }
        var rewritten = pointingHome(.object(schema))
        if rewritten.description.contains(localLocator), case .object(var members) = rewritten {
            members["$defs"] = ["Locator": pointingHome(ElementLocator.objectSchema)]
            rewritten = .object(members)
        }
        return rewritten
    }

    /// `schema` with references to the protocol's locator component turned into references to `$defs`.
    private static func pointingHome(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .string(componentLocator): return .string(localLocator)
        case .array(let items): return .array(items.map(pointingHome))
        case .object(var members):
            for (key, value) in members { members[key] = pointingHome(value) }
            return .object(members)
        default: return schema
        }
    }
}

/// Reading a tool call's arguments: what does not fit the input schema throws
/// ``MCPToolError/invalidArguments(_:)`` naming the argument.
struct RecordingArguments {
    let values: JSONValue.Object

    /// Refuses members the tool does not take.
    init(_ values: JSONValue.Object, allowed: [String], tool: String) throws(MCPToolError) {
        if let unknown = values.keys.first(where: { !allowed.contains($0) }) {
            let takes = allowed.isEmpty ? "no arguments" : allowed.joined(separator: ", ")
            throw .invalidArguments("\(tool) has no argument '\(unknown)' (it takes \(takes))")
        }
        self.values = values
    }

    /// An element argument, passed to Slam as `ref` verbatim (Slam checks what is inside).
    func target(_ name: String = "target") throws(MCPToolError) -> JSONValue {
        switch values[name] {
        case .string(let text)? where !text.isEmpty: return .string(text)
        case .object(let members)?: return .object(members)
        case nil: throw .invalidArguments("'\(name)' is required: a ref from a snapshot, or a locator such as {\"role\": \"button\", \"name\": \"Save\"}")
        default: throw .invalidArguments("'\(name)' must be a ref (a non-empty string) or a locator object")
        }
    }

    /// An optional string argument.
    func string(_ name: String) throws(MCPToolError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue else { throw .invalidArguments("'\(name)' must be a string, not \(value.typeName)") }
        return text
    }
}
