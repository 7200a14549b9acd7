import SlamJSON

/// What `key` answers: the key, whether anything used it, the top controller
/// afterwards, and the focused element's snapshot there (null for none).
public struct KeyOutcome: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = KeyOutcome

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

    public init(json: JSONValue) throws(ResultDecodingError) {
        key = try json.member("key")
        handled = try json.member("handled")
        controller = try json.member("controller")
        let focusedJSON = json["focused"] ?? .null
        focused = focusedJSON.isNull ? nil : try Snapshot(json: focusedJSON)
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("key", JSONNode(key))
        object.set("handled", JSONNode(handled))
        object.set("controller", controller.jsonNode())
        object.set("focused", focused.map { $0.jsonNode() } ?? .null)
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["key", "handled", "controller", "focused"],
         "properties": ["key": ["type": "string"], "handled": ["type": "boolean"], "controller": ["type": ["string", "null"]],
                        "focused": ["oneOf": [Snapshot.schemaReference, ["type": "null"]]]]]
    }
}
