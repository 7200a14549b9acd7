import SlamJSON

/// What `ui.attach` answers: everything a renderer shows, at sequence number `seq`.
public struct UIState: Hashable, Sendable, DeclaredFields {
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

    public static var empty: UIState { UIState(seq: 0, stack: [], state: [:]) }
    public static var componentName: String? { "UIState" }
    public static var summary: String? { "Everything a renderer shows, at sequence number `seq`." }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("seq", &seq, minimum: 0)
        visitor.field("stack", &stack)
        visitor.field("state", &state)
        visitor.field("capabilities", &capabilities)
    }
}
