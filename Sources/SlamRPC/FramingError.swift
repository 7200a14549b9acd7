/// A problem in the byte stream itself, found before any JSON is read.
public enum FramingError: Error, Hashable, Sendable {
    /// A message (or a line still growing) exceeds the limit. The decoder skips
    /// the rest of it and goes on with the next message, so the stream survives.
    case messageTooLarge(limit: Int, size: Int?)
    /// The headers cannot be understood; where the next message starts is unknown,
    /// so the stream cannot continue.
    case malformedHeader(String)

    /// Whether the decoder can go on reading after this error.
    public var isRecoverable: Bool {
        if case .messageTooLarge = self { return true }
        return false
    }

    /// The error as the JSON-RPC error a server sends back (with `id: null`).
    public var responseError: ResponseError {
        switch self {
        case let .messageTooLarge(limit, size):
            // A line still growing has no size yet: it is known only to be past the limit.
            let sizeText = size.map { "the message of \($0) bytes exceeds" } ?? "the message grew past"
            return ResponseError(code: .messageTooLarge,
                                 message: "Message too large: \(sizeText) the limit of \(limit) bytes",
                                 data: ["limit": .integer(Int64(limit)), "size": size.map { .integer(Int64($0)) } ?? .null])
        case let .malformedHeader(reason):
            return .invalidRequest("malformed header: \(reason); closing the connection", data: ["reason": .string(reason)])
        }
    }
}
