/// A closure-based button (the seed's `SlamButton`): its title from
/// ``textDataSource``, its action from ``InteractiveView``.
public final class Button: InteractiveControl {
    /// The title shown; set statically or by ``textDataSource``.
    public var text = "" {
        didSet { if oldValue != text { markChanged() } }
    }
    public var textDataSource: (() -> String)?

    public override class var typeName: String { "Button" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [.string("text", \Button.text) { $0.text }]

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }
}
