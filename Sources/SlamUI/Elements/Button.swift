/// A closure-based button (the seed's `SlamButton`): its title from
/// ``textDataSource``, its action from ``InteractiveView``.
public class Button: InteractiveControl, FocusableView {
    /// The title shown; set statically or by ``textDataSource``.
    public var text = "" {
        didSet { if !oldValue.isExactly(text) { markChanged() } }
    }
    /// Computes the title on each update; nil leaves ``text`` as set.
    public var textDataSource: (() -> String)?
    /// A plain, cancel or destructive action (renderers show destructive buttons as such).
    public var style: ButtonStyle = .normal {
        didSet { if oldValue != style { markChanged() } }
    }

    public override class var typeName: String { "Button" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.button] }
    public override var accessibleContentName: String? { text.isEmpty ? nil : text }
    public override class var summary: String { "A button that runs its action when pressed." }
    public override class var pressValues: [PressValueKind] { [.none] }
    public override class var handledKeys: [Key] { [.enter, .character(" ")] }
    public override class var primaryProperty: String { "enabled" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .string("text", \Button.text) { $0.text },
        .word("style", \Button.style, default: .normal) { $0.style },
    ]

    public override func fillUI() {
        super.fillUI()
        if let textDataSource { text = textDataSource() }
    }

    /// Enter or Space presses the button.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        try press(nil)
        return true
    }
}
