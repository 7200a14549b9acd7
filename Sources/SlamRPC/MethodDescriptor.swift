import SlamJSON

/// One method: its name, its declared parameters and result, and its handler.
///
/// A list of these is the single source for dispatch and for discovery
/// metadata, as in Neovim's API: a method cannot be callable and undocumented.
public struct MethodDescriptor<Context> {
    /// The reply a deferred handler delivers, exactly once.
    public typealias Reply = (Result<JSONValue, ResponseError>) -> Void

    /// How the method computes its result.
    public enum Handler {
        /// Answers before returning: the common case.
        case immediate((MethodCall<Context>) throws(ResponseError) -> JSONValue)
        /// Answers later by calling the reply (for waits that outlive the call).
        case deferred((MethodCall<Context>, @escaping Reply) -> Void)
    }

    /// How the method takes its params.
    public enum ParameterList {
        /// Declared parameters, accepted by name or by position in this order;
        /// unknown names, surplus positions and missing required ones are refused.
        case declared([ParameterDescriptor])
        /// Whatever the client sends, passed through as ``Arguments/raw``.
        case freeForm(summary: String)
    }

    public var name: String
    public var summary: String
    public var parameters: ParameterList
    /// A JSON Schema of the result, for discovery.
    public var resultSchema: JSONValue
    /// The application errors this method can answer with, for discovery.
    public var errors: [ErrorCode]
    public var handler: Handler

    public init(_ name: String, summary: String = "", parameters: [ParameterDescriptor] = [],
                result resultSchema: JSONValue = [:], errors: [ErrorCode] = [],
                handler: @escaping (MethodCall<Context>) throws(ResponseError) -> JSONValue) {
        self.init(name, summary: summary, parameters: .declared(parameters), result: resultSchema, errors: errors,
                  handler: .immediate(handler))
    }

    public init(_ name: String, summary: String = "", parameters: ParameterList, result resultSchema: JSONValue = [:],
                errors: [ErrorCode] = [], handler: Handler) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.resultSchema = resultSchema
        self.errors = errors
        self.handler = handler
    }

    /// Checks `params` against the declaration and names each argument.
    func arguments(for params: Parameters?) throws(ResponseError) -> Arguments {
        guard case .declared(let declared) = parameters else { return Arguments(raw: params) }
        var named: [String: JSONValue] = [:]
        switch params {
        case nil:
            break
        case .byPosition(let values)?:
            guard values.count <= declared.count else {
                throw .invalidParams("'\(name)' takes at most \(declared.count) positional params, got \(values.count)",
                                     data: ["expected": .integer(Int64(declared.count)), "got": .integer(Int64(values.count))])
            }
            for (descriptor, value) in zip(declared, values) { named[descriptor.name] = value }
        case .byName(let object)?:
            for (key, value) in object {
                guard declared.contains(where: { $0.name == key }) else {
                    let known = declared.map { "'\($0.name)'" }.joined(separator: ", ")
                    throw .invalidParams("unknown parameter '\(key)' for '\(name)'"
                                            + (known.isEmpty ? "; it takes none" : "; expected \(known)"),
                                         data: ["parameter": .string(key)])
                }
                named[key] = value
            }
        }
        for descriptor in declared {
            guard let value = named[descriptor.name] else {
                if descriptor.isRequired { throw Arguments.missing(descriptor.name) }
                continue
            }
            if let mismatch = descriptor.typeMismatch(value) {
                throw .invalidParams(mismatch, data: ["parameter": .string(descriptor.name)])
            }
        }
        return Arguments(raw: params, named: named)
    }
}
