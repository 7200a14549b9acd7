import SlamJSON

/// What `tasks.unregister` answers: the tasks this connection handled and no longer does.
public struct TasksUnregistered: Hashable, Sendable, DeclaredFields {
    /// Sorted.
    public var unregistered: [String]

    public init(unregistered: [String]) {
        self.unregistered = unregistered
    }

    public static var empty: TasksUnregistered { TasksUnregistered(unregistered: []) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("unregistered", &unregistered)
    }
}
