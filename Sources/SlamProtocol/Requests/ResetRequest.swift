import SlamJSON
import SlamRPC

/// `reset` → the application back to its launch state, without restarting the daemon.
public struct ResetRequest: SlamRequest {
    public typealias Result = ResetOutcome
    public static let method = "reset"
    public static let summary = "Puts the application back to its launch state (controllers rebuilt, shared state initial, the stack at its root); pending waits get -32013."
    public static let parameters = ParameterList(empty: ResetRequest(), [])
    public static var errors: [ErrorCode] { [.applicationReset] }

    public init() {}
}
