import SlamJSON

/// What `ui.detach` answers: whether the connection was attached.
public struct UIDetached: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = UIDetached

    public var detached: Bool

    public init(detached: Bool) {
        self.detached = detached
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        detached = try json.member("detached")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("detached", JSONNode(detached))
        return object
    }
}
