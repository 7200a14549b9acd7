/// The WAI-ARIA states and values that apply to an element now: what snapshots carry beside its
/// role and name, what the page sets as `aria-*` attributes and the accessibility bus as states.
///
/// A state that does not apply to the element is nil (a button is neither checked nor unchecked).
public struct AccessibilityStates: Hashable, Sendable {
    /// A switch's or radio button's state.
    public var checked: Bool?
    /// Whether the control refuses input now.
    public var disabled = false
    /// Whether a part that can open is open.
    public var expanded: Bool?
    /// A row's, option's or cell's selection.
    public var selected: Bool?
    /// Whether the element holds its screen's keyboard focus.
    public var focused = false
    /// A heading's level, 1 to 6.
    public var level: Int?
    /// A range's current value (a slider's, a stepper's, a progress bar's …).
    public var valueNow: Double?
    /// The range's lowest value.
    public var valueMin: Double?
    /// The range's highest value.
    public var valueMax: Double?
    /// The value as a person reads it, where the number alone says less (`"Page 2 of 3"`, a date).
    public var valueText: String?

    /// No state applies.
    public init() {}
}
