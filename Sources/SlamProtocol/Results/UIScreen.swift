import SlamJSON

/// One screen of a renderer's navigation stack: a presentation of a controller.
///
/// `tree` is present in `ui.attach` and for screens new in a `stack` operation;
/// its nodes carry `node` numbers besides what `tree` returns.
public struct UIScreen: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = UIScreen

    /// Names this presentation (the same controller pushed twice is two screens).
    public var screen: Int
    /// The controller's identifier, as `controllers` reports it.
    public var id: String
    public var title: String
    public var modal: Bool
    /// The element tree with `node` numbers, for a screen the renderer does not know yet.
    public var tree: JSONValue?

    public init(screen: Int, id: String, title: String, modal: Bool, tree: JSONValue? = nil) {
        self.screen = screen
        self.id = id
        self.title = title
        self.modal = modal
        self.tree = tree
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        screen = try json.member("screen")
        id = try json.member("id")
        title = try json.member("title")
        modal = try json.member("modal")
        tree = json["tree"]
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("screen", JSONNode(screen))
        object.set("id", JSONNode(id))
        object.set("title", JSONNode(title))
        object.set("modal", JSONNode(modal))
        if let tree { object.set("tree", JSONNode(tree)) }
        return object
    }

    public static var schema: JSONValue { ["$ref": "#/components/schemas/UIScreen"] }
}
