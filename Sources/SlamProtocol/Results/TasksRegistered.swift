import SlamJSON

/// What `tasks.register` answers: every task this connection now handles, and how long a run may take.
public struct TasksRegistered: Hashable, Sendable, DeclaredFields {
    /// All of this connection's tasks, sorted (those registered before too).
    public var registered: [String]
    public var timeoutMilliseconds: Int

    public init(registered: [String], timeoutMilliseconds: Int) {
        self.registered = registered
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public static var empty: TasksRegistered { TasksRegistered(registered: [], timeoutMilliseconds: 0) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("registered", &registered)
        visitor.field("timeoutMs", &timeoutMilliseconds, minimum: 1)
    }
}
