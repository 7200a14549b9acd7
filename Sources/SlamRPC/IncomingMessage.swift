import SlamJSON

/// One received message, read in place from the parsed document: the
/// dispatcher's fast counterpart of ``Message``, with the same checks and the
/// same error messages for requests and notifications. A response (no `method`,
/// a `result` or an `error`) is never refused: what is wrong with it goes to
/// the request it answers.
///
/// `"params": null` is read as no params (some clients, pygls among them,
/// send it); any other non-structured `params` is refused.
enum IncomingMessage {
    case request(id: RequestID, method: String, params: JSONElement?)
    case notification(method: String, params: JSONElement?)
    /// A response to a request the server sent (it is owed nothing back): its result, or its error.
    case response(id: RequestID, outcome: Result<JSONValue, ResponseError>)

    /// Why a message was refused, and the id to answer with (null when it could not be read).
    struct Refusal: Error {
        let error: ResponseError
        let id: RequestID
    }

    init(_ element: JSONElement) throws(Refusal) {
        guard element.kind == .object else {
            throw Refusal(error: .invalidRequest("expected a request object, got \(element.typeName)"), id: .null)
        }
        if element["method"] == nil, element["result"] != nil || element["error"] != nil {
            // A response to a request the server sent: never answered, even malformed (two peers could loop);
            // what is wrong with it fails the request it answers.
            self = .response(id: element["id"].flatMap(RequestID.init) ?? .null, outcome: Self.responseOutcome(element))
            return
        }
        var id: RequestID?
        if let rawID = element["id"] {
            id = RequestID(rawID)
            if id == nil {
                throw Refusal(error: .invalidRequest("member 'id' must be a string, a number or null, got \(rawID.typeName)",
                                                     data: ["member": "id"]), id: .null)
            }
        }
        let answerID = id ?? .null
        guard let version = element["jsonrpc"] else {
            throw Refusal(error: .invalidRequest("member 'jsonrpc' is missing; it must be \"2.0\"", data: ["member": "jsonrpc"]),
                          id: answerID)
        }
        guard version.isString("2.0") else {
            throw Refusal(error: .invalidRequest("member 'jsonrpc' must be \"2.0\", got \(version.jsonValue)",
                                                 data: ["member": "jsonrpc"]), id: answerID)
        }
        var known = 1 + (id == nil ? 0 : 1)
        if let method = element["method"] {
            known += 1
            guard let name = method.stringValue else {
                throw Refusal(error: .invalidRequest("member 'method' must be a string, got \(method.typeName)",
                                                     data: ["member": "method"]), id: answerID)
            }
            var params: JSONElement?
            if let rawParams = element["params"] {
                known += 1
                switch rawParams.kind {
                case .object, .array: params = rawParams
                case .null: params = nil
                default:
                    throw Refusal(error: .invalidRequest("member 'params' must be an object or an array, got \(rawParams.typeName)",
                                                         data: ["member": "params"]), id: answerID)
                }
            }
            if element.count != known {
                let extra = element.keys.first { !["jsonrpc", "method", "params", "id"].contains($0) } ?? ""
                throw Refusal(error: .invalidRequest("unknown member '\(extra)' in a request", data: ["member": .string(extra)]),
                              id: answerID)
            }
            if let id {
                self = .request(id: id, method: name, params: params)
            } else {
                self = .notification(method: name, params: params)
            }
            return
        }
        guard id != nil else {
            throw Refusal(error: .invalidRequest("member 'method' is missing", data: ["member": "method"]), id: .null)
        }
        throw Refusal(error: .invalidRequest("a message with an 'id' needs 'method', or exactly one of 'result' and 'error'",
                                             data: ["member": "method"]), id: answerID)
    }

    /// What a response says: its result or its error, or why it cannot be read as either.
    private static func responseOutcome(_ element: JSONElement) -> Result<JSONValue, ResponseError> {
        func malformed(_ reason: String) -> Result<JSONValue, ResponseError> {
            .failure(.invalidRequest("malformed response: \(reason)", data: ["reason": .string(reason)]))
        }
        guard element["jsonrpc"]?.isString("2.0") == true else { return malformed("member 'jsonrpc' must be \"2.0\"") }
        guard let rawID = element["id"], RequestID(rawID) != nil else { return malformed("member 'id' must be a string, a number or null") }
        switch (element["result"], element["error"]) {
        case (let result?, nil):
            return .success(result.jsonValue)
        case (nil, let error?):
            guard let code = error["code"]?.integerValue, let exactCode = Int(exactly: code),
                  let message = error["message"]?.stringValue else {
                return malformed("member 'error' must hold an integer 'code' and a string 'message'")
            }
            return .failure(ResponseError(code: ErrorCode(rawValue: exactCode), message: message, data: error["data"]?.jsonValue))
        default:
            return malformed("it holds both 'result' and 'error'")
        }
    }
}

extension RequestID {
    /// Reads an id in place; nil when the value is not a valid id type (object, array, boolean).
    init?(_ element: JSONElement) {
        switch element.kind {
        case .integer: self = .integer(element.integerValue!)
        case .double: self = .double(element.doubleValue!)
        case .string: self = .string(element.stringValue!)
        case .null: self = .null
        default: return nil
        }
    }
}
