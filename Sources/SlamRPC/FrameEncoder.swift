/// Wraps serialized messages for the wire in the stream's framing.
public struct FrameEncoder: Sendable {
    public var framing: Framing

    public init(framing: Framing = .newlineDelimited) {
        self.framing = framing
    }

    /// The bytes to write for one message body.
    ///
    /// Newline framing relies on compact JSON never containing a raw newline,
    /// which ``SlamJSON/JSONSerializer`` guarantees.
    public func encode(_ body: [UInt8]) -> [UInt8] {
        switch framing {
        case .newlineDelimited:
            var framed = body
            framed.append(UInt8(ascii: "\n"))
            return framed
        case .contentLength:
            var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            framed.append(contentsOf: body)
            return framed
        }
    }
}
