/// A slider: a value anywhere between a minimum and a maximum (inclusive), or on
/// the steps of ``stepValue`` from the minimum; bounds and value from data sources
/// or set directly. Its value always lies in the range and on a step.
///
/// The steps are those of a web page's `<input type="range">`, so the page's control
/// shows exactly the value the server holds: a value is clamped into the range, then
/// moved to the nearest step (`minimumValue + k × stepValue`, a half rounding up); when
/// that step would pass the maximum, to the last step below it. A ``stepValue`` of 0
/// (the default) is continuous.
///
/// A press takes a number (`.number`, or `.index` for a whole one) and sets the value
/// to it, snapped to the step; a number outside the range is refused (a person cannot
/// drag past the ends, and a script that asks for more has a mistake to hear about).
/// `.increment` / `.decrement` move one step, or a tenth of the range when continuous
/// (``pressStep``), stopping at the bounds; so do ArrowUp/ArrowRight and
/// ArrowDown/ArrowLeft. After a user's change ``valueChangedBlock`` is called with the
/// new value, then the action runs.
///
/// Bound to a state key it writes its value back as an integer when it moves by whole
/// steps between whole bounds (``countsWholeNumbers``), otherwise as a number.
public final class Slider: InteractiveControl, FocusableView, WholeNumberCounting {
    /// The current value, always settled into the range and onto a step; set by code, ``valueDataSource`` or a user.
    public var value = 0.0 {
        didSet {
            let settled = settle(value)
            if settled != value { value = settled }
            if !oldValue.isExactly(value) { markChanged() }
        }
    }
    /// The lowest value; a bound that is not a finite number (from a data source) leaves the bound as it was.
    public var minimumValue = 0.0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = oldValue }
            if !oldValue.isExactly(minimumValue) { markChanged() }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = settle(value)
        }
    }
    /// The highest value (inclusive); a bound that is not a finite number leaves the bound as it was.
    public var maximumValue = 1.0 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue }
            if !oldValue.isExactly(maximumValue) { markChanged() }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = settle(value)
        }
    }
    /// The distance between the values it can take, from the minimum; 0 for any value (continuous).
    /// A negative or NaN step is 0.
    public var stepValue = 0.0 {
        didSet {
            if !(stepValue >= 0) || stepValue.isInfinite { stepValue = 0 }
            if !oldValue.isExactly(stepValue) { markChanged() }
            value = settle(value)
        }
    }
    /// Computes ``minimumValue`` on each update; nil leaves it as set.
    public var minValueDataSource: (() -> Double)?
    /// Computes ``maximumValue`` on each update; nil leaves it as set.
    public var maxValueDataSource: (() -> Double)?
    /// Computes ``value`` on each update (after the bounds); nil leaves it as set.
    public var valueDataSource: (() -> Double)?
    /// Called with the new value when a user changes it.
    public var valueChangedBlock: ((Double) -> Void)?

    public override class var typeName: String { "Slider" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.slider] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.valueNow = value
        states.valueMin = minimumValue
        states.valueMax = maximumValue
        return states
    }
    public override class var summary: String {
        "A value between a minimum and a maximum, continuous or in steps, set by dragging or with the arrows."
    }
    public override class var pressValues: [PressValueKind] { [.index, .number, .increment, .decrement] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown, .arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "value" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["value"] }
    // Bounds and step before the value, so a storyboard's value settles in its own range.
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .counted("minimumValue", \Slider.minimumValue) { $0.minimumValue },
        .counted("maximumValue", \Slider.maximumValue) { $0.maximumValue },
        .counted("stepValue", \Slider.stepValue) { $0.stepValue },
        .counted("value", \Slider.value) { $0.value },
    ]

    /// A negative step, which a storyboard may not declare (0 is continuous).
    public override class func declarationProblem(_ values: [String: PropertyValue]) -> (property: String, reason: String)? {
        if let step = values["stepValue"]?.doubleValue, step < 0 {
            return ("stepValue", "a Slider's stepValue is 0 (continuous) or more, got \(Self.formatted(step))")
        }
        let minimum = values["minimumValue"]?.doubleValue ?? 0, maximum = values["maximumValue"]?.doubleValue ?? 1
        if minimum > maximum {
            return ("maximumValue", "a Slider's maximumValue is at least its minimumValue (\(Self.formatted(minimum))), "
                    + "got \(Self.formatted(maximum))")
        }
        return nil
    }

    public override func fillUI() {
        super.fillUI()
        if let minValueDataSource { minimumValue = minValueDataSource() }
        if let maxValueDataSource { maximumValue = maxValueDataSource() }
        if let valueDataSource { value = valueDataSource() }
    }

    /// How far `.increment`, `.decrement` and the arrow keys move: one step, or a tenth of the range when continuous.
    public var pressStep: Double {
        // Each bound divided first: the range of -1e308…1e308 is not a finite number, its tenth is.
        stepValue > 0 ? stepValue : maximumValue / 10 - minimumValue / 10
    }

    /// Up or Right increments, Down or Left decrements.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard [.arrowUp, .arrowDown, .arrowLeft, .arrowRight].contains(key) else { return false }
        try press(key.isForward ? .increment : .decrement)
        return true
    }

    /// A user's change: the value, the state written back, ``valueChangedBlock`` (when the value
    /// changed), then the action (as every control's press).
    public override func press(_ input: PressValue?) throws(SlamError) {
        try requireInteractable()
        let old = value
        try applyPress(input)
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if value != old {
            valueChangedBlock?(value)
            userChangedValue()
        }
        try pressAction()
    }

    public override func applyPress(_ input: PressValue?) throws(SlamError) {
        switch input {
        case .increment?: value = tidy(min(value + pressStep, maximumValue), like: [value, pressStep])
        case .decrement?: value = tidy(max(value - pressStep, minimumValue), like: [value, pressStep])
        case .number(let number)?: try slide(to: number)
        case .index(let number)?: try slide(to: Double(number))
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a Slider takes a number from its minimumValue to its maximumValue, "
                                + "\"increment\" or \"decrement\", got \(input.map(\.description) ?? "no value")")
        }
    }

    /// Whether value, bounds and step are all whole numbers and the slider moves by steps: it then
    /// counts (a volume in percent) and writes its value to the state as an integer, not as `40.0`.
    public var countsWholeNumbers: Bool {
        stepValue > 0 && [value, minimumValue, maximumValue, stepValue].allSatisfy { $0 == $0.rounded() && abs($0) < 9_007_199_254_740_992 }
    }

    override func stateWriteBackValue(of descriptor: PropertyDescriptor) -> PropertyValue {
        guard descriptor.name == "value", countsWholeNumbers else { return super.stateWriteBackValue(of: descriptor) }
        return .integer(Int(value))
    }

    private func slide(to number: Double) throws(SlamError) {
        guard number >= minimumValue && number <= maximumValue else {
            throw .invalidPress(reference: referenceOrPath, reason: "\(Self.formatted(number)) is outside the slider's range "
                                + "\(Self.formatted(minimumValue))…\(Self.formatted(maximumValue))")
        }
        value = number
    }

    /// `candidate` in the range and on a step (NaN is the minimum).
    private func settle(_ candidate: Double) -> Double {
        if candidate.isNaN { return minimumValue }
        let clamped = min(max(candidate, minimumValue), maximumValue)
        guard stepValue > 0 else { return clamped }
        let steps = ((clamped - minimumValue) / stepValue).rounded()
        // A step too fine for the range (1e-310 on 0…1) counts more steps than a double tells apart: any value is on one.
        guard steps.isFinite, steps < 9_007_199_254_740_992 else { return clamped }
        var snapped = minimumValue + steps * stepValue
        if snapped > maximumValue { snapped -= stepValue }
        return min(max(tidy(snapped, like: [stepValue]), minimumValue), maximumValue)
    }

    /// `number` without the binary noise of adding steps (`0.1 × 3` is `0.3`, not `0.30000000000000004`):
    /// rounded to as many decimals as the minimum and the numbers it was made of have.
    private func tidy(_ number: Double, like parts: [Double]) -> Double {
        let places = (parts + [minimumValue]).map(Self.decimalPlaces).max() ?? 0
        guard places <= 15 else { return number }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = number * scale
        guard scaled.isFinite, abs(scaled) < 9_007_199_254_740_992 else { return number }
        let tidied = scaled.rounded() / scale
        return tidied.isFinite ? tidied : number
    }

    /// How many decimals a number is written with (`0.25`: 2, `1e-05`: 5, `40`: 0).
    static func decimalPlaces(_ number: Double) -> Int {
        guard number.isFinite else { return 0 }
        let written = "\(abs(number))".split(separator: "e", maxSplits: 1)
        let exponent = written.count > 1 ? Int(written[1]) ?? 0 : 0
        let fraction = written[0].split(separator: ".", maxSplits: 1).dropFirst().first.map { $0 == "0" ? 0 : $0.count } ?? 0
        return max(0, fraction - exponent)
    }

    /// A number as people write it: `40`, not `40.0`; `0.25`.
    static func formatted(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }
}
