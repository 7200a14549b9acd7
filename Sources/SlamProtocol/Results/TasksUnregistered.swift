import SlamJSON

/// What `tasks.unregister` answers: the tasks this connection handled and no longer does.
public struct TasksUnregistered: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TasksUnregistered

    /// Sorted.
    public var unregistered: [String]

    public init(unregistered: [String]) {
        self.unregistered = unregistered
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        unregistered = try json.member("unregistered")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("unregistered", unregistered.jsonNode())
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["unregistered"], "properties": ["unregistered": ["type": "array", "items": ["type": "string"]]]]
    }
}
