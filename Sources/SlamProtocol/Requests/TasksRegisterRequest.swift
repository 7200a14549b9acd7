import SlamJSON
import SlamRPC

/// `tasks.register {names, timeoutMs?}` → the names this connection now handles.
///
/// From then on, running one of these tasks (a press, `runTask`, a key) sends
/// this connection a ``TaskRunRequest`` and answers the request that ran it
/// when the connection answers that.
public struct TasksRegisterRequest: SlamRequest {
    public typealias Result = TasksRegistered
    public static let method = "tasks.register"
    public static let summary = "Registers tasks this connection runs: each run sends it a task.run request, and what ran the task is answered with its answer."
    public static let parameters = ParameterList(empty: TasksRegisterRequest(names: []), [
        .required("names", \.names, summary: "The task names, each unique; a name another live connection or the application holds is refused (-32016)."),
        .optional(WaitForRequest.timeoutParameter, \.timeoutMilliseconds,
                  summary: "How long a run may take before what ran it fails with -32010, in milliseconds; default the daemon's (5000, slamd --task-timeout-ms)."),
    ])
    public static var errors: [ErrorCode] { [.taskNameTaken, .limitReached] }

    /// How long a run may take when neither the registration nor the daemon's configuration says.
    public static let defaultTimeoutMilliseconds = 5000

    public var names: TaskNames
    public var timeoutMilliseconds: Int?

    public init(names: TaskNames, timeoutMilliseconds: Int? = nil) {
        self.names = names
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
