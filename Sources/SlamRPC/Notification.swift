import SlamJSON

/// A JSON-RPC notification: a call without an `id`, which never gets a response,
/// not even an error.
public struct Notification: Hashable, Sendable {
    public var method: String
    public var params: Parameters?

    public init(method: String, params: Parameters? = nil) {
        self.method = method
        self.params = params
    }

    public var jsonValue: JSONValue {
        var object: JSONValue.Object = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params.jsonValue }
        return .object(object)
    }
}
