import SlamJSON

/// What `key` answers: the key, whether anything used it, the top controller
/// afterwards, and the focused element's snapshot there (null for none).
public struct KeyOutcome: Hashable, Sendable, DeclaredFields {
    public var key: String
    public var handled: Bool
    public var controller: String?
    public var focused: Snapshot?

    public init(key: String, handled: Bool, controller: String?, focused: Snapshot?) {
        self.key = key
        self.handled = handled
        self.controller = controller
        self.focused = focused
    }

    public static var empty: KeyOutcome { KeyOutcome(key: "", handled: false, controller: nil, focused: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("key", &key)
        visitor.field("handled", &handled)
        visitor.field("controller", &controller)
        visitor.field("focused", &focused)
    }
}
