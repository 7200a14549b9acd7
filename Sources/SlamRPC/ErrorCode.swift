/// A JSON-RPC 2.0 error code.
///
/// The five standard codes are static members; applications define their own in
/// the server range -32000…-32099 the same way, next to where they are used:
///
/// ```swift
/// extension ErrorCode {
///     static let elementNotFound = ErrorCode(rawValue: -32001)
/// }
/// ```
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The bytes received are not valid JSON.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// The JSON is not a valid Request object.
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// No method of that name is registered.
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// The params are missing, unknown, or of the wrong type.
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// The server failed while handling a valid request.
    public static let internalError = ErrorCode(rawValue: -32603)

    /// A framed message is larger than the transport's configured limit.
    ///
    /// The first application code is the transport's: it is reported by framing,
    /// before any JSON is read, so the reply's `id` is `null`.
    public static let messageTooLarge = ErrorCode(rawValue: -32000)

    /// The range JSON-RPC 2.0 reserves for implementation-defined server errors.
    public static let serverErrorRange: ClosedRange<Int> = -32099 ... -32000

    /// Whether this code lies in the implementation-defined server range.
    public var isServerError: Bool { Self.serverErrorRange.contains(rawValue) }

    /// The specification's short message for a standard code, `nil` for others.
    public var standardMessage: String? {
        switch self {
        case .parseError: "Parse error"
        case .invalidRequest: "Invalid Request"
        case .methodNotFound: "Method not found"
        case .invalidParams: "Invalid params"
        case .internalError: "Internal error"
        default: nil
        }
    }

    public var description: String { String(rawValue) }
}
