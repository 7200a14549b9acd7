import SlamJSON

/// What `runTask` answers: the task that ran, its parameter, the controller on top afterwards,
/// and for a task a client runs (`tasks.register`), that client's answer.
public struct TaskOutcome: Hashable, Sendable, DeclaredFields {
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

    public static var empty: TaskOutcome { TaskOutcome(task: "", param: nil, top: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("task", &task)
        visitor.field("param", &param)
        visitor.field("top", &top)
        visitor.omittable("result", &result, "What the client that ran the task answered; only for a task a client registered.")
    }
}
