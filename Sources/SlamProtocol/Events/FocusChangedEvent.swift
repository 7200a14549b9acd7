import SlamJSON

/// `focusChanged`: a controller's keyboard focus moved (`focus`, Tab, a click in a renderer, an element removed).
public struct FocusChangedEvent: SlamEventParams, Hashable {
    public typealias Value = FocusChangedEvent
    public static var kind: EventKind { .focusChanged }
    public var controller: String
    /// The element focused now (its reference, or its path when it has none); nil for none.
    public var ref: String?
    /// The element that had the focus before; nil for none.
    public var previous: String?

    public init(controller: String, ref: String?, previous: String?) {
        self.controller = controller
        self.ref = ref
        self.previous = previous
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        controller = try json.member("controller")
        ref = try json.member("ref")
        previous = try json.member("previous")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("controller", JSONNode(controller))
        object.set("ref", ref.jsonNode())
        object.set("previous", previous.jsonNode())
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "properties": ["controller": ["type": "string"], "ref": ["type": ["string", "null"]],
                                          "previous": ["type": ["string", "null"]]]]
    }
}
