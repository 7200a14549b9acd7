import SlamJSON

/// What `runTask` answers: the task that ran, its parameter, the controller on top afterwards,
/// and for a task a client runs (`tasks.register`), that client's answer.
public struct TaskOutcome: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TaskOutcome

    public var task: String
    public var param: String?
    public var top: String?
    /// What the client that ran the task answered (any JSON, null included); nil for the application's own tasks.
    public var result: JSONValue?

    public init(task: String, param: String?, top: String?, result: JSONValue? = nil) {
        self.task = task
        self.param = param
        self.top = top
        self.result = result
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        task = try json.member("task")
        param = try json.member("param")
        top = try json.member("top")
        if case .object(let object) = json { result = object["result"] }
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("task", JSONNode(task))
        object.set("param", param.jsonNode())
        object.set("top", top.jsonNode())
        if let result { object.set("result", JSONNode(result)) }
        return object
    }
}
