/// A date, time or date-and-time picker (the seed's planned UIDatePicker).
///
/// **Every value is UTC**, to the whole second, and is written as ISO 8601 in the
/// picker's ``mode``: `2026-11-23` (date), `14:30:00` (time), `2026-11-23T14:30:00Z`
/// (dateAndTime). What it reads is described by ``DateTimeValue``: seconds optional,
/// fractions ignored, `Z` or `±hh:mm` offsets converted to UTC, no offset taken as
/// UTC; in date mode a time part is dropped (after the conversion to UTC), in time
/// mode a date part is dropped; a bare time is refused in the date modes and a bare
/// date in time mode.
///
/// The value is held as whole seconds (``seconds``): since 1970-01-01T00:00:00Z
/// in the date modes (a date is its midnight), since midnight in time mode.
/// Seconds are kept (`14:30:15` stays so); stepping moves by a whole day (date
/// modes) or a whole minute (time). Changing the mode converts the value and the
/// bounds (date: the day's midnight; time: the time of day). The default is
/// 1970-01-01T00:00:00Z in dateAndTime mode.
///
/// The value always lies in ``minimumDate``…``maximumDate`` (each optional; without
/// them, in years 0000–9999, or a single day for a time). As for a ``Stepper``,
/// setting a minimum above the maximum moves the maximum up to it, and a maximum
/// below the minimum moves the minimum down.
///
/// A press takes an ISO 8601 string (`.text`), or `.increment` / `.decrement`;
/// ArrowUp/ArrowRight increment, ArrowDown/ArrowLeft decrement. After a user's
/// change ``valueChangedBlock`` is called with the new value, then the action runs.
public final class DatePicker: InteractiveControl, FocusableView {
    /// Whether the picker shows a date, a time of day, or both; changing it converts the value and bounds.
    public var mode: DatePickerMode = .dateAndTime {
        didSet {
            guard oldValue != mode else { return }
            markChanged()
            // Convert all three first, then clamp: bounds and value in two meanings must not meet.
            isConverting = true
            minimumSeconds = minimumSeconds.map(normalized)
            maximumSeconds = maximumSeconds.map(normalized)
            seconds = normalized(seconds)
            isConverting = false
            if let minimumSeconds, let maximumSeconds, maximumSeconds < minimumSeconds { self.maximumSeconds = minimumSeconds }
            seconds = clamp(seconds)
        }
    }

    /// The value as whole seconds: since 1970-01-01T00:00:00Z (date, dateAndTime; a date is
    /// its midnight), since midnight (time). Always normalised for the mode and clamped.
    public var seconds = 0 {
        didSet {
            if isConverting { return }
            let clamped = clamp(normalized(seconds))
            if clamped != seconds { seconds = clamped }
            if oldValue != seconds { markChanged() }
        }
    }

    /// The earliest value in seconds (as ``seconds``), nil for none.
    public var minimumSeconds: Int? {
        didSet {
            if isConverting { return }
            if let minimumSeconds, normalized(minimumSeconds) != minimumSeconds { self.minimumSeconds = normalized(minimumSeconds) }
            if oldValue != minimumSeconds { markChanged() }
            if let minimumSeconds, let maximumSeconds, maximumSeconds < minimumSeconds { self.maximumSeconds = minimumSeconds }
            seconds = clamp(seconds)
        }
    }

    /// The latest value in seconds (as ``seconds``), nil for none.
    public var maximumSeconds: Int? {
        didSet {
            if isConverting { return }
            if let maximumSeconds, normalized(maximumSeconds) != maximumSeconds { self.maximumSeconds = normalized(maximumSeconds) }
            if oldValue != maximumSeconds { markChanged() }
            if let minimumSeconds, let maximumSeconds, minimumSeconds > maximumSeconds { self.minimumSeconds = maximumSeconds }
            seconds = clamp(seconds)
        }
    }

    /// Set while a mode change converts the value and bounds.
    private var isConverting = false

    /// The value as ISO 8601 text in the current mode (`2026-11-23T14:30:00Z`).
    public var value: String { DateTimeValue.format(seconds, as: mode) }
    /// The earliest value as ISO 8601 text, nil for none.
    public var minimumDate: String? { minimumSeconds.map { DateTimeValue.format($0, as: mode) } }
    /// The latest value as ISO 8601 text, nil for none.
    public var maximumDate: String? { maximumSeconds.map { DateTimeValue.format($0, as: mode) } }

    /// The value, as ISO 8601 text; pulled by each update.
    public var valueDataSource: (() -> String)?
    /// The earliest value, as ISO 8601 text (nil for none); pulled by each update.
    public var minimumDateDataSource: (() -> String?)?
    /// The latest value, as ISO 8601 text (nil for none); pulled by each update.
    public var maximumDateDataSource: (() -> String?)?
    /// Called with the new value (as ``value`` writes it) when a user changes it.
    public var valueChangedBlock: ((String) -> Void)?

    public override class var typeName: String { "DatePicker" }
    public override class var accessibilityRoles: [AccessibilityRole] { [.spinbutton] }
    public override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        states.valueText = value
        return states
    }
    public override class var summary: String { "A date, time or date-and-time picker; every value is UTC, written as ISO 8601." }
    public override class var pressValues: [PressValueKind] { [.text, .increment, .decrement] }
    public override class var handledKeys: [Key] { [.arrowUp, .arrowDown, .arrowLeft, .arrowRight] }
    public override class var primaryProperty: String { "value" }
    public override class var properties: [PropertyDescriptor] { ownProperties }
    public override class var userInputProperties: Set<String> { ["value"] }
    // Mode first: a storyboard's dates are read in its own mode. The value before the
    // bounds (snapshot order); clamping happens again as each bound is set.
    static let ownProperties: [PropertyDescriptor] = interactiveProperties + [
        .word("mode", \DatePicker.mode, default: .dateAndTime) { $0.mode }.noted(#"default `"dateAndTime"`"#),
        .isoDate("value", optional: false, read: { $0.value }) { picker, text in
            if let text { picker.assign(text, to: \.seconds, what: "value") }
        },
        .isoDate("minimumDate", optional: true, read: { $0.minimumDate }) { picker, text in
            if let text { picker.assign(text, to: \.minimumSeconds, what: "minimumDate") } else { picker.minimumSeconds = nil }
        },
        .isoDate("maximumDate", optional: true, read: { $0.maximumDate }) { picker, text in
            if let text { picker.assign(text, to: \.maximumSeconds, what: "maximumDate") } else { picker.maximumSeconds = nil }
        },
    ]

    public override func fillUI() {
        super.fillUI()
        if let minimumDateDataSource {
            if let text = minimumDateDataSource() { assign(text, to: \.minimumSeconds, what: "minimumDate") } else { minimumSeconds = nil }
        }
        if let maximumDateDataSource {
            if let text = maximumDateDataSource() { assign(text, to: \.maximumSeconds, what: "maximumDate") } else { maximumSeconds = nil }
        }
        if let valueDataSource { assign(valueDataSource(), to: \.seconds, what: "value") }
    }

    /// Sets the value from ISO 8601 text (from code: no event).
    ///
    /// - Throws: ``DateTimeValue/ParseError`` when the text is not ISO 8601 or lacks what the mode needs.
    public func setValue(_ text: String) throws(DateTimeValue.ParseError) {
        seconds = try parse(text)
    }

    /// Sets the earliest value from ISO 8601 text, nil for none.
    public func setMinimumDate(_ text: String?) throws(DateTimeValue.ParseError) {
        minimumSeconds = try text.map { text throws(DateTimeValue.ParseError) in try parse(text) }
    }

    /// Sets the latest value from ISO 8601 text, nil for none.
    public func setMaximumDate(_ text: String?) throws(DateTimeValue.ParseError) {
        maximumSeconds = try text.map { text throws(DateTimeValue.ParseError) in try parse(text) }
    }

    /// Up or Right increments, Down or Left decrements.
    public func handleKey(_ key: Key) throws(SlamError) -> Bool {
        guard [.arrowUp, .arrowDown, .arrowLeft, .arrowRight].contains(key) else { return false }
        try press(key.isForward ? .increment : .decrement)
        return true
    }

    /// A user's change: the value, the state written back, ``valueChangedBlock`` (when the value
    /// changed), then the action (as every control's press).
    public override func press(_ value: PressValue?) throws(SlamError) {
        try requireInteractable()
        let old = seconds
        try applyPress(value)
        if !stateBindings.isEmpty { writeBackStateBindings() }
        if seconds != old {
            valueChangedBlock?(self.value)
            userChangedValue()
        }
        try pressAction()
    }

    public override func applyPress(_ input: PressValue?) throws(SlamError) {
        let step = mode == .time ? 60 : DateTimeValue.secondsPerDay
        switch input {
        case .increment?: seconds = min(seconds + step, upperBound)
        case .decrement?: seconds = max(seconds - step, lowerBound)
        case .text(let text)?:
            do throws(DateTimeValue.ParseError) {
                seconds = try parse(text)
            } catch {
                throw .invalidPress(reference: referenceOrPath, reason: "\(error)")
            }
        default:
            throw .invalidPress(reference: referenceOrPath, reason: "a DatePicker takes an ISO 8601 \(modeNoun) (\(DateTimeValue.acceptedFormats)), \"increment\" or \"decrement\"")
        }
    }

    /// A value or bound that cannot be read in the declared mode (a bare time for a date picker).
    public override class func declarationProblem(_ values: [String: PropertyValue]) -> (property: String, reason: String)? {
        let mode = values["mode"]?.stringValue.flatMap(DatePickerMode.init(rawValue:)) ?? .dateAndTime
        for name in ["value", "minimumDate", "maximumDate"] {
            guard case .string(let text)? = values[name], let parsed = try? DateTimeValue.parse(text),
                  parsed.seconds(for: mode) == nil else { continue }
            return (name, "'\(text)' cannot be read in \(mode.rawValue) mode: \(mode == .time ? "it needs a time" : "it needs a date")")
        }
        return nil
    }

    /// The text read as this picker's mode holds it.
    private func parse(_ text: String) throws(DateTimeValue.ParseError) -> Int {
        let parsed = try DateTimeValue.parse(text)
        guard let seconds = parsed.seconds(for: mode) else {
            throw DateTimeValue.ParseError(text: text, reason: "a DatePicker in \(mode.rawValue) mode takes a \(modeNoun)")
        }
        return seconds
    }

    private var modeNoun: String {
        switch mode {
        case .date: "date"
        case .time: "time"
        case .dateAndTime: "date-time"
        }
    }

    /// Sets a value read from text a storyboard, binding or data source gave; text it
    /// cannot read leaves the value alone and is reported as a warning.
    private func assign(_ text: String, to keyPath: ReferenceWritableKeyPath<DatePicker, Int>, what: String) {
        do throws(DateTimeValue.ParseError) {
            self[keyPath: keyPath] = try parse(text)
        } catch {
            controller?.application?.emit(.warning(message: "\(path): \(what): \(error)"))
        }
    }

    private func assign(_ text: String, to keyPath: ReferenceWritableKeyPath<DatePicker, Int?>, what: String) {
        do throws(DateTimeValue.ParseError) {
            self[keyPath: keyPath] = try parse(text)
        } catch {
            controller?.application?.emit(.warning(message: "\(self.path): \(what): \(error)"))
        }
    }

    private var lowerBound: Int { minimumSeconds ?? (mode == .time ? 0 : DateTimeValue.earliest) }
    private var upperBound: Int {
        maximumSeconds ?? (mode == .time ? DateTimeValue.secondsPerDay - 1 : normalized(DateTimeValue.latest))
    }

    private func normalized(_ candidate: Int) -> Int {
        switch mode {
        case .date: DateTimeValue.startOfDay(min(max(candidate, DateTimeValue.earliest), DateTimeValue.latest))
        case .time: DateTimeValue.timeOfDay(candidate)
        case .dateAndTime: min(max(candidate, DateTimeValue.earliest), DateTimeValue.latest)
        }
    }

    private func clamp(_ candidate: Int) -> Int {
        min(max(candidate, lowerBound), upperBound)
    }
}

extension PropertyDescriptor {
    /// An ISO 8601 date property (string, or string or null): storyboards with text that is not one are refused.
    static func isoDate(_ name: String, optional: Bool, read: @escaping @Sendable (DatePicker) -> String?,
                        write: @escaping @Sendable (DatePicker, String?) -> Void) -> Self {
        Self(name, kind: optional ? .optionalString : .string,
             read: { read(unsafeDowncast($0, to: DatePicker.self)).map(PropertyValue.string) ?? .null },
             write: { write($0 as! DatePicker, $1.stringValue) },
             validate: { value in
                 guard case .string(let text) = value else { return nil }
                 do throws(DateTimeValue.ParseError) {
                     _ = try DateTimeValue.parse(text)
                     return nil
                 } catch {
                     return error.description
                 }
             }).noted("ISO 8601, UTC")
    }
}
