/// How messages are delimited on a byte stream.
public enum Framing: String, Sendable, Hashable {
    /// One compact JSON text per line, ended by `\n` (a preceding `\r` is tolerated). The default.
    case newlineDelimited
    /// LSP-style: `Content-Length: N\r\n` (other headers ignored), a blank line, then N bytes.
    case contentLength
}
