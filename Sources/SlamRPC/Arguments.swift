import SlamJSON

/// The parameters of one call, after the dispatcher has checked them against
/// the method's declaration.
///
/// For a method that declares its parameters, positional params are mapped to
/// names in declaration order, so a handler reads `arguments["ref"]` whichever
/// way the client sent them. Typed accessors throw ``ErrorCode/invalidParams``
/// errors that name the parameter.
public struct Arguments: Sendable {
    /// The params exactly as sent, for methods that take free-form params.
    public let raw: Parameters?
    /// Declared parameters by name; empty for free-form methods.
    public let named: [String: JSONValue]

    public init(raw: Parameters?, named: [String: JSONValue] = [:]) {
        self.raw = raw
        self.named = named
    }

    /// The argument named `name`, or nil when it was not given.
    public subscript(name: String) -> JSONValue? { named[name] }

    /// The raw params as a positional list (named params yield an empty list).
    public var positional: [JSONValue] {
        if case .byPosition(let values)? = raw { return values }
        return []
    }

    public func string(_ name: String) throws(ResponseError) -> String {
        guard let value = named[name] else { throw Self.missing(name) }
        guard let string = value.stringValue else { throw Self.wrongType(name, "a string", value) }
        return string
    }

    public func optionalString(_ name: String) throws(ResponseError) -> String? {
        guard let value = named[name], !value.isNull else { return nil }
        guard let string = value.stringValue else { throw Self.wrongType(name, "a string", value) }
        return string
    }

    public func integer(_ name: String) throws(ResponseError) -> Int64 {
        guard let value = named[name] else { throw Self.missing(name) }
        guard let integer = value.integerValue else { throw Self.wrongType(name, "an integer", value) }
        return integer
    }

    public func optionalInteger(_ name: String) throws(ResponseError) -> Int64? {
        guard let value = named[name], !value.isNull else { return nil }
        guard let integer = value.integerValue else { throw Self.wrongType(name, "an integer", value) }
        return integer
    }

    public func bool(_ name: String) throws(ResponseError) -> Bool {
        guard let value = named[name] else { throw Self.missing(name) }
        guard let flag = value.boolValue else { throw Self.wrongType(name, "a boolean", value) }
        return flag
    }

    public func optionalBool(_ name: String) throws(ResponseError) -> Bool? {
        guard let value = named[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw Self.wrongType(name, "a boolean", value) }
        return flag
    }

    static func missing(_ name: String) -> ResponseError {
        .invalidParams("missing required parameter '\(name)'", data: ["parameter": .string(name)])
    }

    static func wrongType(_ name: String, _ expected: String, _ value: JSONValue) -> ResponseError {
        .invalidParams("parameter '\(name)' must be \(expected), got \(value.typeName)",
                       data: ["parameter": .string(name), "expected": .string(expected)])
    }
}
