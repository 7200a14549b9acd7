/// A kind of value a press gives an element, as element types declare what they take
/// (``View/pressValues``): none, a boolean, an index, a direction, a position or a text.
public enum PressValueKind: String, CaseIterable, Hashable, Sendable {
    /// A press without a value (a button's tap, a switch's toggle).
    case none
    case bool
    case index
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
        case .bool: .bool
        case .increment: .increment
        case .decrement: .decrement
        case .position: .position
        case .text: .text
        }
    }
}
