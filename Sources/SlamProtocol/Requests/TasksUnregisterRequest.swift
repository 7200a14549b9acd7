import SlamJSON
import SlamRPC

/// `tasks.unregister {names?}` → the names this connection handled and no longer does.
///
/// Runs already sent are still answered; a name this connection does not hold is ignored.
public struct TasksUnregisterRequest: SlamRequest {
    public typealias Result = TasksUnregistered
    public static let method = "tasks.unregister"
    public static let summary = "Stops handling these tasks (default: every task this connection registered)."
    public static let parameters = ParameterList(empty: TasksUnregisterRequest(), [
        .optional("names", \.names, summary: "The task names; default: all of this connection's."),
    ])

    /// Nil: every task this connection registered.
    public var names: TaskNames?

    public init(names: TaskNames? = nil) {
        self.names = names
    }
}
