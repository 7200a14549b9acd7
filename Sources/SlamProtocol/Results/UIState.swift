import SlamJSON

/// What `ui.attach` answers: everything a renderer shows, at sequence number `seq`.
public struct UIState: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = UIState

    /// The number of this state; the next `ui.redraw` is `seq + 1`.
    public var seq: Int
    /// The navigation stack, root first, each screen with its `tree`.
    public var stack: [UIScreen]
    /// Every shared state key with its value.
    public var state: JSONValue.Object
    /// The capabilities the server honours among those asked.
    public var capabilities: JSONValue.Object

    public init(seq: Int, stack: [UIScreen], state: JSONValue.Object, capabilities: JSONValue.Object? = nil) {
        self.seq = seq
        self.stack = stack
        self.state = state
        self.capabilities = capabilities ?? [:]
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        seq = try json.member("seq")
        stack = try json.member("stack")
        guard case .object(let state)? = json["state"], case .object(let capabilities)? = json["capabilities"] else {
            throw ResultDecodingError(expected: "a UI state with `state` and `capabilities` objects", got: json)
        }
        self.state = state
        self.capabilities = capabilities
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("seq", JSONNode(seq))
        object.set("stack", stack.jsonNode())
        object.set("state", JSONNode(JSONValue.object(state)))
        object.set("capabilities", JSONNode(JSONValue.object(capabilities)))
        return object
    }
}
