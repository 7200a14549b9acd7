import SlamJSON
import SlamRPC

/// `runTask {name, param?}` → what ran, and the top controller afterwards.
public struct RunTaskRequest: SlamRequest {
    public typealias Result = TaskOutcome
    public static let method = "runTask"
    public static let summary = "Runs a named task (predefined: pop, push <controller>, url <address>, alert <id>, the state tasks, and tasks clients registered)."
    public static let parameters = ParameterList(empty: RunTaskRequest(name: ""), [
        .required("name", \.name, summary: "The task's name."),
        .optional("param", \.param, summary: "The task's parameter.", nullable: true),
    ])
    public static var errors: [ErrorCode] { [.taskNotFound, .taskFailed, .controllerNotFound, .navigationRefused, .shuttingDown] }

    public var name: String
    public var param: String?

    public init(name: String, param: String? = nil) {
        self.name = name
        self.param = param
    }
}
