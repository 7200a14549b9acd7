import SlamJSON

/// The `error` member of a JSON-RPC response: what a handler throws to fail a request.
///
/// `message` is one sentence a person can act on and names the offending
/// parameter, reference or JSON path; `data` carries the same facts for machines.
///
/// ```swift
/// throw ResponseError.invalidParams("missing required parameter 'ref'", data: ["parameter": "ref"])
/// ```
public struct ResponseError: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String
    public var data: JSONValue?

    public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The error as the `error` member of a response object.
    public var jsonValue: JSONValue {
        var object: JSONValue.Object = ["code": .integer(Int64(code.rawValue)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    /// Reads an `error` member received from a peer.
    public init?(jsonValue: JSONValue) {
        guard let code = jsonValue["code"]?.integerValue, let message = jsonValue["message"]?.stringValue else {
            return nil
        }
        self.init(code: ErrorCode(rawValue: Int(code)), message: message, data: jsonValue["data"])
    }
}

extension ResponseError {
    /// Builds "Standard message: detail" for a standard code, or just the detail otherwise.
    private static func standard(_ code: ErrorCode, _ detail: String?, data: JSONValue?) -> ResponseError {
        let base = code.standardMessage ?? "Error"
        return ResponseError(code: code, message: detail.map { "\(base): \($0)" } ?? base, data: data)
    }

    public static func parseError(_ detail: String? = nil, data: JSONValue? = nil) -> ResponseError {
        standard(.parseError, detail, data: data)
    }

    public static func invalidRequest(_ detail: String? = nil, data: JSONValue? = nil) -> ResponseError {
        standard(.invalidRequest, detail, data: data)
    }

    /// -32601 naming the method, with the nearest known names ("did you mean") when there are any.
    public static func methodNotFound(_ method: String, suggestions: [String] = []) -> ResponseError {
        guard !suggestions.isEmpty else { return standard(.methodNotFound, "'\(method)'", data: ["method": .string(method)]) }
        let names = suggestions.map { "'\($0)'" }.joined(separator: " or ")
        return standard(.methodNotFound, "'\(method)'; did you mean \(names)?",
                        data: ["method": .string(method), "suggestions": .array(suggestions.map(JSONValue.string))])
    }

    public static func invalidParams(_ detail: String, data: JSONValue? = nil) -> ResponseError {
        standard(.invalidParams, detail, data: data)
    }

    public static func internalError(_ detail: String? = nil, data: JSONValue? = nil) -> ResponseError {
        standard(.internalError, detail, data: data)
    }
}

extension ResponseError: CustomStringConvertible {
    public var description: String { "\(message) (\(code))" }
}
