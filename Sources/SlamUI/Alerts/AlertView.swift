/// The root element of an alert on screen (type `Alert`): its title and message;
/// its children are the alert's buttons, side by side.
public final class AlertView: View {
    /// The alert's title, as shown.
    public internal(set) var title = ""
    /// The alert's message, as shown; empty for none.
    public internal(set) var message = ""

    public override class var typeName: String { "Alert" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.alertdialog] }
    public override var accessibleContentName: String? { title.isEmpty ? nil : title }
    public override var accessibleContentDescription: String? { message.isEmpty ? nil : message }
    public override class var summary: String { "The root of an alert on screen: a title and a message, its buttons side by side below." }
    public override class var primaryProperty: String { "title" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [
        .readOnly("title", kind: .string) { (alert: AlertView) in .string(alert.title) },
        .readOnly("message", kind: .string) { (alert: AlertView) in .string(alert.message) },
    ]
}
