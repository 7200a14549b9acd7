import SlamClient
import SlamProtocol
import SlamJSON

/// The application's shared state, read and written as another client would
/// (`state.list`, `state.get`, `state.set`): every element bound to a key
/// updates before a write returns.
///
/// ```swift
/// let app = try SlamApp.launch(storyboard: "Examples/counter-and-todos.storyboard.json")
/// try app.setState("count", 3)
/// try app.label("count").wait(text: "Count: 3")
/// try app.button("increment").press()
/// #expect(try app.state("count") == 4)
/// ```
extension SlamApp {
    /// The value of one state key (any JSON value, null included).
    ///
    /// - Throws: `ClientError.server` with -32011, `data.key` and `data.suggestions` (the nearest keys, when any) when the app has no such key.
    public func state(_ key: String) throws -> JSONValue {
        try connection.stateGet(key)
    }

    /// Every state key with its value.
    public func stateValues() throws -> [String: JSONValue] {
        try connection.stateList()
    }

    /// Writes one state key (a new key is created); returns `[key]` when its value
    /// changed, `[]` when it already had that value.
    @discardableResult
    public func setState(_ key: String, _ value: JSONValue) throws -> [String] {
        try connection.stateSet(key, value)
    }

    /// Writes several state keys at once (bound elements update once); returns
    /// the keys whose value changed, sorted.
    @discardableResult
    public func setState(_ values: JSONValue.Object) throws -> [String] {
        try connection.stateSet(values)
    }
}
