import SlamJSON

/// A request `id`, kept exactly as the client wrote it.
///
/// JSON-RPC allows a string, a number or null; a number comes back as the same
/// kind of number (`7` stays `7`, `7.5` stays `7.5`), so clients can match replies
/// by comparing bytes.
public enum RequestID: Hashable, Sendable {
    case integer(Int64)
    case double(Double)
    case string(String)
    /// Only in replies whose request id could not be read (parse error, invalid request).
    case null

    /// Reads an id; `nil` when the value is not a valid id type (object, array, boolean).
    public init?(jsonValue: JSONValue) {
        switch jsonValue {
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .null: self = .null
        default: return nil
        }
    }

    public var jsonValue: JSONValue {
        switch self {
        case .integer(let value): .integer(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .null: .null
        }
    }
}

extension RequestID: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension RequestID: CustomStringConvertible {
    public var description: String { jsonValue.description }
}
