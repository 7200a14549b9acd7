import SlamJSON

/// What `subscribe` and `unsubscribe` answer: every event this connection now receives, and the
/// connection's own number.
public struct Subscriptions: Hashable, Sendable, DeclaredFields {
    /// Event names, in the protocol's order.
    public var subscribed: [String]
    /// This connection's number: the `client` of the `action` events it causes (and its number in the
    /// daemon's log and traces), so a recorder can tell its own actions from everyone else's.
    public var client: Int

    public init(subscribed: [String], client: Int) {
        self.subscribed = subscribed
        self.client = client
    }

    public static var empty: Subscriptions { Subscriptions(subscribed: [], client: 0) }
    public static var componentName: String? { "Subscriptions" }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("subscribed", &subscribed)
        visitor.field("client", &client, "This connection's number: the `client` of the `action` events it causes, as the daemon's log and traces name it.")
    }
}
