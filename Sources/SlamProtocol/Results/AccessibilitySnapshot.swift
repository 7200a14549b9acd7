import SlamJSON

/// What `snapshot` answers: the screen's accessibility snapshot as text, and which screen it is.
public struct AccessibilitySnapshot: Hashable, Sendable, DeclaredFields {
    /// The identifier of the controller the snapshot shows (an alert's, when one is on top).
    public var controller: String
    /// That controller's title.
    public var title: String
    /// One line per element and part: `- switch "Wi-Fi" [checked] [ref=wifi]`, indented two spaces per level.
    public var snapshot: String

    public init(controller: String, title: String, snapshot: String) {
        self.controller = controller
        self.title = title
        self.snapshot = snapshot
    }

    public static var empty: AccessibilitySnapshot { AccessibilitySnapshot(controller: "", title: "", snapshot: "") }
    public static var componentName: String? { "AccessibilitySnapshot" }
    public static var summary: String? {
        "A screen as assistive technology sees it: a line per element (role, quoted name, [states], [ref=…]), children indented."
    }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("controller", &controller)
        visitor.field("title", &title)
        visitor.field("snapshot", &snapshot)
    }
}
