import SlamJSON

/// What `reset` answers: the controller on top of the fresh stack, and how many shared state keys it starts with.
public struct ResetOutcome: Hashable, Sendable, DeclaredFields {
    public var top: String?
    public var stateKeys: Int

    public init(top: String?, stateKeys: Int) {
        self.top = top
        self.stateKeys = stateKeys
    }

    public static var empty: ResetOutcome { ResetOutcome(top: nil, stateKeys: 0) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("top", &top)
        visitor.field("stateKeys", &stateKeys, minimum: 0)
    }
}
