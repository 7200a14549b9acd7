/// A stepper (the seed's `SlamStepper`): minimum, maximum (inclusive) and value
/// from data sources or set directly; the value is always trimmed into the range.
///
/// A press with `.increment` / `.decrement` moves the value by ``stepValue``,
/// stopping at the bounds. Bound to a state key, it writes its value back as an
/// integer when value, bounds and step are whole numbers (``countsWholeNumbers``).
public final class Stepper: InteractiveControl, FocusableView, WholeNumberCounting {
    /// The current value, always trimmed into the range; set by code, ``valueDataSource`` or a user.
    public var value = 0.0 {
        didSet {
            let clamped = clamp(value)
            if clamped != value { value = clamped }
            if !oldValue.isExactly(value) { markChanged() }
        }
    }
    /// The lowest value; raising it past ``maximumValue`` raises that too.
    public var minimumValue = 0.0 {
        didSet {
            if !oldValue.isExactly(minimumValue) { markChanged() }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = clamp(value)
        }
    }
    /// The highest value (inclusive); lowering it below ``minimumValue`` lowers that too.
    public var maximumValue = 100.0 {
        didSet {
            if !oldValue.isExactly(maximumValue) { markChanged() }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = clamp(value)
        }
    }
    /// How far one increment or decrement moves the value; a step that is not positive is 1.
    public var stepValue = 1.0 {
        didSet {
            if !(stepValue > 0) { stepValue = 1 }
            if !oldValue.isExactly(stepValue) { markChanged() }
        }
    }
    /// Computes ``minimumValue`` on each update; nil leaves it as set.
    public var minValueDataSource: (() -> Double)?
    /// Computes ``maximumValue`` on each update; nil leaves it as set.
    public var maxValueDataSource: (() -> Double)?
    /// Computes ``value`` on each update (after the bounds); nil leaves it as set.
    public var valueDataSource: (() -> Double)?

    public override class var typeName: String { "Stepper" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.spinbutton] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.valueNow = value
        states.valueMin = minimumValue
        states.valueMax = maximumValue
        return states
    }
    public override class var summary: String { "A number between a minimum and a maximum, moved up or down by a step." }
    public override class var pressValues: [PressValueKind] { [.increment, .decrement] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown, .arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "value" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["value"] }
    // Bounds before the value, so a storyboard's value is trimmed to its own range.
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .counted("minimumValue", \Stepper.minimumValue) { $0.minimumValue },
        .counted("maximumValue", \Stepper.maximumValue) { $0.maximumValue },
        .counted("stepValue", \Stepper.stepValue) { $0.stepValue },
        .counted("value", \Stepper.value) { $0.value },
    ]

    public override func fillUI() {
        super.fillUI()
        if let minValueDataSource { minimumValue = minValueDataSource() }
        if let maxValueDataSource { maximumValue = maxValueDataSource() }
        if let valueDataSource { value = valueDataSource() }
    }

    /// Up or Right increments, Down or Left decrements.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard [.arrowUp, .arrowDown, .arrowLeft, .arrowRight].contains(key) else { return false }
        try press(key.isForward ? .increment : .decrement)
        return true
    }

    public override func applyPress(_ input: PressValue?) throws(SlamError) {
        switch input {
        case .increment?: value = min(value + stepValue, maximumValue)
        case .decrement?: value = max(value - stepValue, minimumValue)
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a Stepper takes \"increment\" or \"decrement\"")
        }
    }

    /// Whether value, bounds and step are all whole numbers: the stepper then counts
    /// (people, items) and writes its value to the state as an integer, not as `2.0`.
    public var countsWholeNumbers: Bool {
        [value, minimumValue, maximumValue, stepValue].allSatisfy { $0 == $0.rounded() && abs($0) < 9_007_199_254_740_992 }
    }

    override func stateWriteBackValue(of descriptor: PropertyDescriptor) -> PropertyValue {
        guard descriptor.name == "value", countsWholeNumbers else { return super.stateWriteBackValue(of: descriptor) }
        return .integer(Int(value))
    }

    private func clamp(_ candidate: Double) -> Double {
        candidate.isNaN ? minimumValue : min(max(candidate, minimumValue), maximumValue)
    }
}
