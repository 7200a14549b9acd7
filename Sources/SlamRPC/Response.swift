import SlamJSON

/// A JSON-RPC response: the `result` or the `error` of the request with the same `id`.
public struct Response: Hashable, Sendable {
    public var id: RequestID
    public var outcome: Result<JSONValue, ResponseError>

    public init(id: RequestID, outcome: Result<JSONValue, ResponseError>) {
        self.id = id
        self.outcome = outcome
    }

    public init(id: RequestID, result: JSONValue) {
        self.init(id: id, outcome: .success(result))
    }

    public init(id: RequestID, error: ResponseError) {
        self.init(id: id, outcome: .failure(error))
    }

    public var jsonValue: JSONValue {
        var object: JSONValue.Object = ["jsonrpc": "2.0"]
        switch outcome {
        case .success(let result): object["result"] = result
        case .failure(let error): object["error"] = error.jsonValue
        }
        object["id"] = id.jsonValue
        return .object(object)
    }
}
