import SlamJSON

/// What `updateUI` and `resetUI` answer: the controller refreshed and the
/// references of the elements whose look changed.
public struct Changes: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = Changes

    public var controller: String
    /// References (an anonymous element by its path), in change order.
    public var changed: [String]

    public init(controller: String, changed: [String]) {
        self.controller = controller
        self.changed = changed
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        controller = try json.member("controller")
        changed = try json.member("changed")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("controller", JSONNode(controller))
        object.set("changed", changed.jsonNode())
        return object
    }

    public static var schema: JSONValue { ["$ref": "#/components/schemas/Changes"] }
}
