import SlamJSON

/// What `ui.detach` answers: whether the connection was attached.
public struct UIDetached: Hashable, Sendable, DeclaredFields {
    public var detached: Bool

    public init(detached: Bool) {
        self.detached = detached
    }

    public static var empty: UIDetached { UIDetached(detached: false) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("detached", &detached)
    }
}
