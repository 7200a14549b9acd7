import SlamJSON

/// What `reset` answers: the controller on top of the fresh stack, and how many shared state keys it starts with.
public struct ResetOutcome: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = ResetOutcome

    public var top: String?
    public var stateKeys: Int

    public init(top: String?, stateKeys: Int) {
        self.top = top
        self.stateKeys = stateKeys
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        top = try json.member("top")
        stateKeys = try json.member("stateKeys")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("top", top.jsonNode())
        object.set("stateKeys", JSONNode(stateKeys))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["top", "stateKeys"],
         "properties": ["top": ["type": ["string", "null"]], "stateKeys": ["type": "integer", "minimum": 0]]]
    }
}
