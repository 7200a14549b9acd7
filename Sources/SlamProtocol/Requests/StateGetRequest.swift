import SlamJSON
import SlamRPC

/// `state.get {key}` → `{key, value}`: one value of the shared state.
public struct StateGetRequest: SlamRequest {
    public typealias Result = StateEntry
    public static let method = "state.get"
    public static let summary = "One value of the application's shared state."
    public static let parameters = ParameterList(empty: StateGetRequest(key: ""), [
        .required("key", \.key, summary: "A state key.", schema: { ["type": "string", "minLength": 1] })
    ])
    public static var errors: [ErrorCode] { [.stateKeyNotFound] }

    public var key: String

    public init(key: String) {
        self.key = key
    }
}
