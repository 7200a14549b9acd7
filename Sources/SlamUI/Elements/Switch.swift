/// An on/off switch (the seed's `SlamSwitch`) whose state comes from ``switchDataSource``.
///
/// A press without value toggles it; `.bool(b)` sets it to `b`.
public final class Switch: InteractiveControl, FocusableView {
    /// Whether the switch is on; set by code, ``switchDataSource`` or a user.
    public var isOn = false {
        didSet { if oldValue != isOn { markChanged() } }
    }
    /// Computes ``isOn`` on each update; nil leaves it as set.
    public var switchDataSource: (() -> Bool)?

    public override class var typeName: String { "Switch" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.switch] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.checked = isOn
        return states
    }
    public override class var summary: String { "An on/off switch." }
    public override class var pressValues: [PressValueKind] { [.none, .bool] }
    public override class var handledKeys: [Key] { [.enter, .character(" ")] }
    public override class var primaryProperty: String { "isOn" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["isOn"] }
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [.bool("isOn", \Switch.isOn) { $0.isOn }]

    public override func fillUI() {
        super.fillUI()
        if let switchDataSource { isOn = switchDataSource() }
    }

    /// Enter or Space toggles the switch.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard key == .enter || key == .character(" ") else { return false }
        try press(nil)
        return true
    }

    public override func applyPress(_ value: PressValue?) throws(SlamError) {
        switch value {
        case nil: isOn.toggle()
        case .bool(let flag)?: isOn = flag
        case let other?: throw .invalidPress(reference: referenceOrPath, reason: "a Switch takes true or false, got \(other)")
        }
    }
}
