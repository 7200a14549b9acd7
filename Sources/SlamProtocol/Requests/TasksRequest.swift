import SlamJSON
import SlamRPC

/// `tasks` → the registered task names, sorted.
public struct TasksRequest: SlamRequest {
    public typealias Result = [String]
    public static let method = "tasks"
    public static let summary = "The names of the registered tasks, sorted."
    public static var parameters: ParameterList<TasksRequest> { ParameterList(empty: TasksRequest()) }

    public init() {}
}
