import SlamJSON

/// What `subscribe` and `unsubscribe` answer: every event this connection now receives.
public struct Subscriptions: Hashable, Sendable, DeclaredFields {
    /// Event names, in the protocol's order.
    public var subscribed: [String]

    public init(subscribed: [String]) {
        self.subscribed = subscribed
    }

    public static var empty: Subscriptions { Subscriptions(subscribed: []) }
    public static var componentName: String? { "Subscriptions" }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("subscribed", &subscribed)
    }
}
