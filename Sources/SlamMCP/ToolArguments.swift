import SlamJSON

/// A tool call's arguments, read by name: each reader checks the value's JSON type and throws
/// ``MCPToolError/invalidArguments(_:)`` naming the argument when it does not fit the input schema.
struct ToolArguments {
    let values: JSONValue.Object

    /// The arguments, refused when one is not among the properties of the tool's input `schema`
    /// (which says `additionalProperties: false`).
    init(_ values: JSONValue.Object, for schema: JSONValue) throws(MCPToolError) {
        let known = schema["properties"]?.objectValue.map { Array($0.keys) } ?? []
        for name in values.keys where !known.contains(name) {
            let expected = known.isEmpty ? "it takes none" : "expected " + known.map { "'\($0)'" }.joined(separator: ", ")
            throw .invalidArguments("unknown argument '\(name)'; \(expected)")
        }
        self.values = values
    }

    /// The argument as it came (any JSON), nil when left out or null.
    func any(_ name: String) -> JSONValue? {
        guard let value = values[name], !value.isNull else { return nil }
        return value
    }

    func string(_ name: String) throws(MCPToolError) -> String? {
        guard let value = any(name) else { return nil }
        guard let string = value.stringValue else { throw Self.wrongType(name, "a string", value) }
        return string
    }

    func requiredString(_ name: String) throws(MCPToolError) -> String {
        guard let string = try string(name) else { throw Self.missing(name) }
        return string
    }

    func bool(_ name: String) throws(MCPToolError) -> Bool? {
        guard let value = any(name) else { return nil }
        guard let bool = value.boolValue else { throw Self.wrongType(name, "true or false", value) }
        return bool
    }

    /// A whole number of at least 0.
    func count(_ name: String) throws(MCPToolError) -> Int? {
        guard let value = any(name) else { return nil }
        guard let number = value.integerValue, number >= 0, number <= Int64(Int32.max) else {
            throw Self.wrongType(name, "a whole number, 0 or more", value)
        }
        return Int(number)
    }

    /// A target: an element's reference (a string) or a locator (an object); the daemon reads it as `ref`.
    func target(_ name: String = "target") throws(MCPToolError) -> JSONValue? {
        guard let value = any(name) else { return nil }
        switch value {
        case .string, .object: return value
        default: throw Self.wrongType(name, "a reference (a string) or a locator (an object)", value)
        }
    }

    func requiredTarget(_ name: String = "target") throws(MCPToolError) -> JSONValue {
        guard let target = try target(name) else { throw Self.missing(name) }
        return target
    }

    /// A required argument of any JSON type but null.
    func required(_ name: String) throws(MCPToolError) -> JSONValue {
        guard let value = any(name) else { throw Self.missing(name) }
        return value
    }

    static func missing(_ name: String) -> MCPToolError {
        .invalidArguments("missing required argument '\(name)'")
    }

    static func wrongType(_ name: String, _ expected: String, _ value: JSONValue) -> MCPToolError {
        .invalidArguments("argument '\(name)' must be \(expected), got \(value.typeName)")
    }
}
