import SlamJSON

/// What `tasks.register` answers: every task this connection now handles, and how long a run may take.
public struct TasksRegistered: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TasksRegistered

    /// All of this connection's tasks, sorted (those registered before too).
    public var registered: [String]
    public var timeoutMilliseconds: Int

    public init(registered: [String], timeoutMilliseconds: Int) {
        self.registered = registered
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        registered = try json.member("registered")
        timeoutMilliseconds = try json.member("timeoutMs")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("registered", registered.jsonNode())
        object.set("timeoutMs", JSONNode(timeoutMilliseconds))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["registered", "timeoutMs"],
         "properties": ["registered": ["type": "array", "items": ["type": "string"]], "timeoutMs": ["type": "integer", "minimum": 1]]]
    }
}
