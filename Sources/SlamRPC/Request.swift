import SlamJSON

/// A JSON-RPC request: a call that expects exactly one response with the same `id`.
public struct Request: Hashable, Sendable {
    public var id: RequestID
    public var method: String
    public var params: Parameters?

    public init(id: RequestID, method: String, params: Parameters? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var jsonValue: JSONValue {
        var object: JSONValue.Object = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params.jsonValue }
        object["id"] = id.jsonValue
        return .object(object)
    }
}
