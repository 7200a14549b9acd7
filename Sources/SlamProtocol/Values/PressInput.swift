import SlamJSON
import SlamRPC

/// What a `press` gives the element: a row, segment or page index, a switch's
/// new state, or a stepper's direction.
public enum PressInput: Hashable, Sendable, ParameterValue, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case index(Int)
    case bool(Bool)
    case increment
    case decrement

    public init(integerLiteral value: Int) { self = .index(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Reads a value as the protocol writes it (an index, a boolean, `"increment"`, `"decrement"`).
    public init?(json: JSONValue) {
        switch json {
        case .bool(let flag): self = .bool(flag)
        case .string("increment"): self = .increment
        case .string("decrement"): self = .decrement
        case .integer(let index):
            guard let index = Int(exactly: index) else { return nil }
            self = .index(index)
        default: return nil
        }
    }

    public static var jsonTypes: [String] { ["integer", "boolean", "string"] }

    public init?(parameter element: JSONElement) {
        self.init(json: element.jsonValue)
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> PressInput {
        if let input = PressInput(parameter: element) { return input }
        if let text = element.stringValue {
            throw .invalidParams("\(name): \"\(text)\" is not a press value; use an index, true/false, \"increment\" or \"decrement\"",
                                 data: ["parameter": .string(name)])
        }
        throw .invalidParams("\(name): must be an index, true/false, \"increment\" or \"decrement\", got \(element.typeName)",
                             data: ["parameter": .string(name)])
    }

    public var parameterJSON: JSONValue {
        switch self {
        case .index(let index): .integer(Int64(index))
        case .bool(let flag): .bool(flag)
        case .increment: "increment"
        case .decrement: "decrement"
        }
    }
}
