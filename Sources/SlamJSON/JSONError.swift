/// Why a JSON document could not be read or written.
///
/// Parse errors carry jansson's own position and message so a client can find
/// the offending byte: `line`/`column` are 1-based, `position` is the byte offset
/// jansson had reached.
public enum JSONError: Error, Sendable, Equatable {
    /// The bytes are not valid JSON (syntax, invalid UTF-8, duplicate key, number out of range…).
    case syntax(message: String, line: Int, column: Int, position: Int)
    /// The document nests arrays and objects deeper than the configured limit.
    case tooDeep(limit: Int, path: String)
    /// A value that JSON cannot represent, such as NaN or an infinite double, at `path`.
    case unrepresentable(reason: String, path: String)
}

extension JSONError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .syntax(message, line, column, position):
            "\(message) at line \(line), column \(column) (byte \(position))"
        case let .tooDeep(limit, path):
            "nesting deeper than \(limit) levels at \(path)"
        case let .unrepresentable(reason, path):
            "\(reason) at \(path)"
        }
    }
}
