import SlamJSON
import SlamRPC

/// What a `press` gives the element: a row, segment or page index, a switch's
/// new state, a stepper's direction, a position (`[component, row]` in a picker,
/// `[section, row]` in a sectioned table, `[section, item]` in a collection view),
/// a text (a date picker's ISO 8601 value, a collection item's key), or a number
/// with a fraction (a slider's value).
public enum PressInput: Hashable, Sendable, ParameterValue, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                        ExpressibleByFloatLiteral {
    case index(Int)
    case bool(Bool)
    case increment
    case decrement
    case position(Int, Int)
    case text(String)
    /// A slider's value with a fraction (`0.25`); a whole number reads as an ``index(_:)``.
    case number(Double)

    public init(integerLiteral value: Int) { self = .index(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self.init(number: value) }
    /// A number as the protocol reads it: a whole one is an index (`2.0` is `2`), any other a number.
    public init(number: Double) {
        if number.rounded() == number, let index = Int(exactly: number) { self = .index(index) } else { self = .number(number) }
    }
    /// A string as the protocol reads it: a stepper's direction, or else a text.
    public init(string: String) { self = string == "increment" ? .increment : string == "decrement" ? .decrement : .text(string) }

    /// Reads a value as the protocol writes it (an index, a number, a boolean, `"increment"`, `"decrement"`,
    /// another string, `[a, b]`, or `{"section"|"component": a, "row"|"item": b}`).
    public init?(json: JSONValue) {
        switch json {
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self.init(string: text)
        case .integer(let index):
            guard let index = Int(exactly: index) else { return nil }
            self = .index(index)
        case .double(let number): self.init(number: number)
        case .array(let pair):
            guard pair.count == 2, let first = pair[0].integerValue.flatMap({ Int(exactly: $0) }),
                  let second = pair[1].integerValue.flatMap({ Int(exactly: $0) }) else { return nil }
            self = .position(first, second)
        case .object(let members):
            guard members.count == 2,
                  let first = (members["section"] ?? members["component"])?.integerValue.flatMap({ Int(exactly: $0) }),
                  let second = (members["row"] ?? members["item"])?.integerValue.flatMap({ Int(exactly: $0) }) else { return nil }
            self = .position(first, second)
        default: return nil
        }
    }

    public static var jsonTypes: [String] { ["integer", "number", "boolean", "string", "array", "object"] }

    public init?(parameter element: JSONElement) {
        self.init(json: element.jsonValue)
    }

    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> PressInput {
        if let input = PressInput(parameter: element) { return input }
        let expected = "an index, a number, true/false, \"increment\", \"decrement\", a text, [section, row] or {\"section\": …, \"row\": …}"
        switch element.jsonValue {
        case .array, .object:
            throw .invalidParams("\(name): \(element.jsonValue) is not a position; use [section, row] or {\"section\": …, \"row\": …} with integers",
                                 data: ["parameter": .string(name)])
        default:
            throw .invalidParams("\(name): must be \(expected), got \(element.typeName)", data: ["parameter": .string(name)])
        }
    }

    public var parameterJSON: JSONValue {
        switch self {
        case .index(let index): .integer(Int64(index))
        case .bool(let flag): .bool(flag)
        case .increment: "increment"
        case .decrement: "decrement"
        case let .position(first, second): [.integer(Int64(first)), .integer(Int64(second))]
        case .text(let text): .string(text)
        case .number(let number): .double(number)
        }
    }
}
