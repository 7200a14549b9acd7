import SlamJSON
import SlamRPC

/// `state.list` → `{values}`: the whole shared state, keys sorted.
public struct StateListRequest: SlamRequest {
    public typealias Result = StateValues
    public static let method = "state.list"
    public static let summary = "Every key of the application's shared state with its value, keys sorted."
    public static var parameters: ParameterList<StateListRequest> { ParameterList(empty: StateListRequest()) }

    public init() {}
}
