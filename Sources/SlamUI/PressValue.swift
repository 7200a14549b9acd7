/// What a user chose when pressing an element: a row, segment or page index, a
/// switch position, or a stepper direction.
public enum PressValue: Hashable, Sendable, CustomStringConvertible {
    case index(Int)
    case bool(Bool)
    case increment
    case decrement

    public var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .bool(let flag): "\(flag)"
        case .increment: "\"increment\""
        case .decrement: "\"decrement\""
        }
    }
}
