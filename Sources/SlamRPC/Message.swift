import SlamJSON

/// One JSON-RPC message of either direction, read from a JSON value.
///
/// Reading is strict about what the specification requires (`"jsonrpc": "2.0"`,
/// a string `method`, structured `params`, a valid `id`) and names the member at
/// fault, so a client learns what to fix from the error alone.
public enum Message: Hashable, Sendable {
    case request(Request)
    case notification(Notification)
    case response(Response)

    /// Reads one message (not a batch).
    ///
    /// - Throws: an ``ErrorCode/invalidRequest`` ``ResponseError`` naming the member at fault;
    ///   its `data.id` holds the request's id when that much could be read.
    public init(jsonValue: JSONValue) throws(ResponseError) {
        guard case .object(let object) = jsonValue else {
            throw .invalidRequest("expected a request object, got \(jsonValue.typeName)")
        }
        var id: RequestID?
        if let rawID = object["id"] {
            id = RequestID(jsonValue: rawID)
            if id == nil {
                throw .invalidRequest("member 'id' must be a string, a number or null, got \(rawID.typeName)",
                                      data: ["member": "id"])
            }
        }
        let idData: JSONValue = id?.jsonValue ?? .null
        guard let version = object["jsonrpc"] else {
            throw .invalidRequest("member 'jsonrpc' is missing; it must be \"2.0\"", data: ["member": "jsonrpc", "id": idData])
        }
        guard version == "2.0" else {
            throw .invalidRequest("member 'jsonrpc' must be \"2.0\", got \(version)", data: ["member": "jsonrpc", "id": idData])
        }

        if let method = object["method"] {
            guard case .string(let name) = method else {
                throw .invalidRequest("member 'method' must be a string, got \(method.typeName)",
                                      data: ["member": "method", "id": idData])
            }
            var params: Parameters?
            // `"params": null` means no params, as the dispatcher reads it.
            if let rawParams = object["params"], rawParams != .null {
                params = Parameters(jsonValue: rawParams)
                if params == nil {
                    throw .invalidRequest("member 'params' must be an object or an array, got \(rawParams.typeName)",
                                          data: ["member": "params", "id": idData])
                }
            }
            let unknown = object.keys.filter { !["jsonrpc", "method", "params", "id"].contains($0) }
            if let extra = unknown.first {
                throw .invalidRequest("unknown member '\(extra)' in a request", data: ["member": .string(extra), "id": idData])
            }
            if let id {
                self = .request(Request(id: id, method: name, params: params))
            } else {
                self = .notification(Notification(method: name, params: params))
            }
            return
        }

        guard let id else {
            throw .invalidRequest("member 'method' is missing", data: ["member": "method"])
        }
        switch (object["result"], object["error"]) {
        case (let result?, nil):
            self = .response(Response(id: id, result: result))
        case (nil, let error?):
            guard let error = ResponseError(jsonValue: error) else {
                throw .invalidRequest("member 'error' must hold an integer 'code' and a string 'message'",
                                      data: ["member": "error", "id": idData])
            }
            self = .response(Response(id: id, error: error))
        default:
            throw .invalidRequest("a message with an 'id' needs 'method', or exactly one of 'result' and 'error'",
                                  data: ["member": "method", "id": idData])
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .request(let request): request.jsonValue
        case .notification(let notification): notification.jsonValue
        case .response(let response): response.jsonValue
        }
    }
}
