/// What a user chose when pressing an element: a row, segment or page index, a
/// switch position, a stepper direction, a position in a picker, sectioned table
/// or collection view, a text (a date picker's date, a collection item's key), or a
/// number that is not whole (a slider's value; a whole one arrives as an index).
public enum PressValue: Hashable, Sendable, CustomStringConvertible {
    case index(Int)
    case bool(Bool)
    case increment
    case decrement
    /// A picker's `[component, row]`, a sectioned table's `[section, row]`, a collection view's `[section, item]`.
    case position(Int, Int)
    /// A date picker's ISO 8601 value, a collection view item's key.
    case text(String)
    /// A slider's value when it is not a whole number (`0.25`; a whole number is an `index`).
    case number(Double)

    /// The value as error messages show it (`index 2`, `"increment"`).
    public var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .bool(let flag): "\(flag)"
        case .increment: "\"increment\""
        case .decrement: "\"decrement\""
        case let .position(first, second): "[\(first), \(second)]"
        case .text(let text): "\"\(text)\""
        case .number(let number): "\(number)"
        }
    }
}
