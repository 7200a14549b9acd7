import SlamJSON
import SlamRPC

/// `state.set {key, value}` or `state.set {values}` → `{changed}`: writes the
/// shared state; every element bound to a changed key updates before the reply
/// (one coalesced update per controller), subscribers hear `stateChanged` and `changed`.
public struct StateSetRequest: SlamRequest {
    public typealias Result = StateChanges
    public static let method = "state.set"
    public static let summary = "Writes the shared state: one key and value, or several values at once; bound elements update once."
    public static let parameters = ParameterList(empty: StateSetRequest(), [
        .optional("key", \.key, summary: "A state key.", schema: { ["type": "string", "minLength": 1] }),
        .optional("value", \.value, summary: "The new value of `key` (any JSON value)."),
        .optional("values", \.values, summary: "Several keys and their new values, instead of `key` and `value`.",
                  types: ["object"]),
    ])

    public var key: String?
    public var value: JSONValue?
    /// An object of keys and values.
    public var values: JSONValue?

    /// Writes one key.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Writes several keys at once.
    public init(values: JSONValue.Object) {
        self.values = .object(values)
    }

    private init() {}
}
