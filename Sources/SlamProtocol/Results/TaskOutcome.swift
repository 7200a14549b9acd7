import SlamJSON

/// What `runTask` answers: the task that ran, its parameter, and the controller on top afterwards.
public struct TaskOutcome: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TaskOutcome

    public var task: String
    public var param: String?
    public var top: String?

    public init(task: String, param: String?, top: String?) {
        self.task = task
        self.param = param
        self.top = top
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        task = try json.member("task")
        param = try json.member("param")
        top = try json.member("top")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("task", JSONNode(task))
        object.set("param", param.jsonNode())
        object.set("top", top.jsonNode())
        return object
    }
}
