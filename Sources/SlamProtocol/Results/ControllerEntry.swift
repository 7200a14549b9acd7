import SlamJSON

/// One entry of the navigation stack (`controllers`, the `navigated` event).
public struct ControllerEntry: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = ControllerEntry

    public let id: String
    public let title: String
    public let modal: Bool

    public init(id: String, title: String, modal: Bool) {
        self.id = id
        self.title = title
        self.modal = modal
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        id = try json.member("id")
        title = try json.member("title")
        modal = try json.member("modal")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("id", JSONNode(id))
        object.set("title", JSONNode(title))
        object.set("modal", JSONNode(modal))
        return object
    }

    public static var schema: JSONValue { ["$ref": "#/components/schemas/StackEntry"] }
}
