import SlamJSON

/// One entry of the navigation stack (`controllers`, the `navigated` event).
public struct ControllerEntry: Hashable, Sendable, DeclaredFields {
    public var id: String
    public var title: String
    public var modal: Bool

    public init(id: String, title: String, modal: Bool) {
        self.id = id
        self.title = title
        self.modal = modal
    }

    public static var empty: ControllerEntry { ControllerEntry(id: "", title: "", modal: false) }
    public static var componentName: String? { "StackEntry" }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("id", &id)
        visitor.field("title", &title)
        visitor.field("modal", &modal)
    }
}
