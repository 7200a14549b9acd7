import SlamJSON

/// What `subscribe` and `unsubscribe` answer: every event this connection now receives.
public struct Subscriptions: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = Subscriptions

    /// Event names, in the protocol's order.
    public var subscribed: [String]

    public init(subscribed: [String]) {
        self.subscribed = subscribed
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        subscribed = try json.member("subscribed")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("subscribed", subscribed.jsonNode())
        return object
    }

    public static var schema: JSONValue { ["$ref": "#/components/schemas/Subscriptions"] }
}
