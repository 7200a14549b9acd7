/// A closure-based label (the seed's `SlamLabel`) whose text comes from ``textDataSource``.
public final class Label: View {
    /// The text shown; set statically or by ``textDataSource``.
    public var text = "" {
        didSet { if !oldValue.isExactly(text) { markChanged() } }
    }
    /// Computes the text on each update; nil leaves ``text`` as set.
    public var textDataSource: (() -> String)?
    /// The heading level (1 to 6) when the label heads what follows it (role `heading`), nil for
    /// plain text. Storyboards: `"heading": 1`.
    public var headingLevel: Int? {
        didSet { if oldValue != headingLevel { markChanged() } }
    }

    public override class var typeName: String { "Label" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.paragraph, .heading] }
    public override var accessibilityRole: AccessibilityRole { headingLevel == nil ? .paragraph : .heading }
    public override var accessibleContentName: String? { text.isEmpty ? nil : text }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.level = headingLevel
        return states
    }
    public override class var summary: String { "A line of text." }
    public override class var primaryProperty: String { "text" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [.string("text", \Label.text) { $0.text }]

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }
}
