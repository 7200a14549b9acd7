import SlamJSON

/// One screen of a renderer's navigation stack: a presentation of a controller.
///
/// `tree` is present in `ui.attach` and for screens new in a `stack` operation;
/// its nodes carry `node` numbers besides what `tree` returns.
public struct UIScreen: Hashable, Sendable, DeclaredFields {
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

    public static var empty: UIScreen { UIScreen(screen: 0, id: "", title: "", modal: false) }
    public static var componentName: String? { "UIScreen" }
    public static var summary: String? {
        "One presentation of a controller on the stack; `tree` (nodes with `node` numbers) for a screen new to the renderer."
    }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("screen", &screen)
        visitor.field("id", &id)
        visitor.field("title", &title)
        visitor.field("modal", &modal)
        visitor.omittable("tree", &tree, "The element tree with `node` numbers, for a screen the renderer does not know yet.",
                          schema: ["$ref": "#/components/schemas/UINode"])
    }
}
