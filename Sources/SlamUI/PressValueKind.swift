/// A kind of value a press gives an element, as element types declare what they take
/// (``View/pressValues``): none, a boolean, an index, a number, a direction, a position or a text.
public enum PressValueKind: String, CaseIterable, Hashable, Sendable {
    /// A press without a value (a button's tap, a switch's toggle).
    case none
    case bool
    case index
    /// A number with a fraction (a slider's `0.25`); a whole number is an ``index``.
    case number
    case increment
    case decrement
    /// `[first, second]`: a picker's `[component, row]`, a table's `[section, row]`.
    case position
    /// A string other than `"increment"` and `"decrement"` (a date, a collection item's key).
    case text

    /// How the value is written on the wire, for generated documentation (Markdown).
    public var summary: String {
        switch self {
        case .none: "no value"
        case .bool: "`true` or `false`"
        case .index: "an index"
        case .number: "a number"
        case .increment: #"`"increment"`"#
        case .decrement: #"`"decrement"`"#
        case .position: "`[a, b]`"
        case .text: "a string"
        }
    }
}

extension PressValue {
    /// The kind of this value, as element types declare what they take.
    public var kind: PressValueKind {
        switch self {
        case .index: .index
        case .number: .number
        case .bool: .bool
        case .increment: .increment
        case .decrement: .decrement
        case .position: .position
        case .text: .text
        }
    }
}
