import SlamJSON
import SlamRPC

/// `ping` → `"pong"`: checks that the daemon answers.
public struct PingRequest: SlamRequest {
    public typealias Result = String
    public static let method = "ping"
    public static let summary = "Answers \"pong\"."
    public static var parameters: ParameterList<PingRequest> { ParameterList(empty: PingRequest()) }
    public static var resultSchema: JSONValue { ["const": "pong"] }

    public init() {}
}
