import SlamJSON

/// The declared parameters of one method, in position order, and how they
/// fill a `Params` value.
///
/// Decoding follows JSON-RPC: params by name (an object) or by position (an
/// array, in declaration order). An unknown name, a surplus position, a
/// missing required parameter or a value of the wrong JSON type is refused
/// with ``ErrorCode/invalidParams`` naming the parameter, before any handler runs.
public final class ParameterList<Params> {
    // A class (its members never change): a method's handler closure holds it by reference, where
    // holding a generic struct made every call look up that struct's metadata.
    public let parameters: [Parameter<Params>]
    /// Parameters the method no longer takes, by name, with what to send instead: a client
    /// still sending one is told that rather than only that the name is unknown.
    public let retired: [String: String]
    /// The first required parameter's name: what a request without params is missing.
    private let firstRequiredName: String?
    /// Each parameter's name as UTF-8 bytes, in position order: params by name are matched by their keys' bytes.
    private let nameBytes: [[UInt8]]
    /// Whether each parameter is required, in position order (read without generic metadata).
    private let requiredFlags: [Bool]
    /// The value decoding starts from: what a request with no params means.
    public let empty: Params

    public init(empty: Params, _ parameters: [Parameter<Params>] = [], retired: [String: String] = [:]) {
        self.empty = empty
        self.parameters = parameters
        self.retired = retired
        firstRequiredName = parameters.first(where: \.isRequired)?.name
        nameBytes = parameters.map { Array($0.name.utf8) }
        requiredFlags = parameters.map(\.isRequired)
    }

    /// Reads `params` (nil when the request had none) for `method`.
    public func decode(_ params: JSONElement?, method: String) throws(ResponseError) -> Params {
        guard let params else {
            if let firstRequiredName { throw Self.missing(firstRequiredName) }
            return empty
        }
        var decoded = empty
        switch params.kind {
        case .array:
            let count = params.count
            guard count <= parameters.count else {
                throw .invalidParams("'\(method)' takes at most \(parameters.count) positional params, got \(count)",
                                     data: ["expected": .integer(Int64(parameters.count)), "got": .integer(Int64(count))])
            }
            for (index, parameter) in parameters.enumerated() {
                if index < count {
                    try parameter.decode(&decoded, params[index]!)
                } else if parameter.isRequired {
                    throw Self.missing(parameter.name)
                }
            }
        default:
            // One pass over the members, each key matched by its bytes (a key appears once: jansson
            // refuses duplicates); unknown names are reported first, in document order, as a typo is
            // the likelier mistake. Then each parameter in position order.
            try withUnsafeTemporaryAllocation(of: JSONElement?.self, capacity: parameters.count) { given throws(ResponseError) in
                given.initialize(repeating: nil)
                for (key, value) in params.members {
                    guard let index = index(ofName: key) else {
                        try refuseUnknownMember(of: params, method: method)
                        return
                    }
                    given[index] = value
                }
                for index in 0..<requiredFlags.count {
                    if let value = given[index] {
                        try parameters[index].decode(&decoded, value)
                    } else if requiredFlags[index] {
                        throw Self.missing(parameters[index].name)
                    }
                }
            }
        }
        return decoded
    }

    /// The position of the parameter named by `key` (UTF-8 bytes), or nil.
    private func index(ofName key: UnsafeRawBufferPointer) -> Int? {
        nameBytes.firstIndex { $0.withUnsafeBytes { $0.hasSameBytes(as: key) } }
    }

    /// The params a client sends for `value`, by name, leaving out what is nil.
    public func encode(_ value: Params) -> JSONValue.Object {
        var object = JSONValue.Object(minimumCapacity: parameters.count)
        for parameter in parameters {
            if let json = parameter.encode(value) { object[parameter.name] = json }
        }
        return object
    }

    /// The position of the parameter `name` (for clients that read params given by position).
    public func position(of name: String) -> Int? {
        parameters.firstIndex { $0.name == name }
    }

    /// What discovery says about each parameter, in position order.
    public var documentation: [ParameterDocumentation] { parameters.map(\.documentation) }

    private func refuseUnknownMember(of params: JSONElement, method: String) throws(ResponseError) {
        for key in params.keys where !parameters.contains(where: { $0.name == key }) {
            if let replacement = retired[key] {
                throw .invalidParams("parameter '\(key)' of '\(method)' is gone: \(replacement)", data: ["parameter": .string(key)])
            }
            let known = parameters.map { "'\($0.name)'" }.joined(separator: ", ")
            throw .invalidParams("unknown parameter '\(key)' for '\(method)'"
                                    + (known.isEmpty ? "; it takes none" : "; expected \(known)"),
                                 data: ["parameter": .string(key)])
        }
    }

    static func missing(_ name: String) -> ResponseError {
        .invalidParams("missing required parameter '\(name)'", data: ["parameter": .string(name)])
    }

    static func wrongType(_ name: String, _ accepted: [String], _ element: JSONElement) -> ResponseError {
        .invalidParams("parameter '\(name)' must be \(accepted.joined(separator: " or ")), got \(element.typeName)",
                       data: ["parameter": .string(name)])
    }

    /// Whether the element's JSON type is one of `types` (JSON Schema names; an integer is a number).
    static func fits(_ element: JSONElement, _ types: [String]) -> Bool {
        let kind = element.kind
        for type in types {
            switch (type, kind) {
            case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
                 ("number", .integer), ("number", .double), ("integer", .integer):
                return true
            case ("integer", .double):
                if element.integerValue != nil { return true }
            default:
                continue
            }
        }
        return false
    }
}

extension ParameterList: Sendable where Params: Sendable {}
