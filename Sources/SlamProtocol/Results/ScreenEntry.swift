import SlamJSON

/// One screen `push` can open (`screens`): its id, its title, and whether it is on the navigation stack now.
public struct ScreenEntry: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = ScreenEntry

    public let id: String
    public let title: String
    public let onStack: Bool

    public init(id: String, title: String, onStack: Bool) {
        self.id = id
        self.title = title
        self.onStack = onStack
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        id = try json.member("id")
        title = try json.member("title")
        onStack = try json.member("onStack")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("id", JSONNode(id))
        object.set("title", JSONNode(title))
        object.set("onStack", JSONNode(onStack))
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "required": ["id", "title", "onStack"],
         "properties": ["id": ["type": "string"], "title": ["type": "string"], "onStack": ["type": "boolean"]]]
    }
}
