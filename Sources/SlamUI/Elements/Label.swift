/// A closure-based label (the seed's `SlamLabel`) whose text comes from ``textDataSource``.
public final class Label: View {
    /// The text shown; set statically or by ``textDataSource``.
    public var text = "" {
        didSet { if oldValue != text { markChanged() } }
    }
    /// Computes the text on each update; nil leaves ``text`` as set.
    public var textDataSource: (() -> String)?

    public override class var typeName: String { "Label" }
    public override class var summary: String { "A line of text." }
    public override class var primaryProperty: String { "text" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = viewProperties + [.string("text", \Label.text) { $0.text }]

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }
}
