import SlamJSON

/// What `updateUI` and `resetUI` answer: the controller refreshed and the
/// references of the elements whose look changed.
public struct Changes: Hashable, Sendable, DeclaredFields {
    public var controller: String
    /// References (an anonymous element by its path), in change order.
    public var changed: [String]

    public init(controller: String, changed: [String]) {
        self.controller = controller
        self.changed = changed
    }

    public static var empty: Changes { Changes(controller: "", changed: []) }
    public static var componentName: String? { "Changes" }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("controller", &controller)
        visitor.field("changed", &changed)
    }
}
