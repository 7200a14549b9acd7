/// Splits a byte stream into messages: a pure decoder any transport can feed.
///
/// The framing is chosen once per stream from its first bytes: a stream that
/// starts with a `Content-…:` header uses ``Framing/contentLength`` (headers
/// other than `Content-Length` are ignored), anything else
/// ``Framing/newlineDelimited``. Feed bytes as they arrive, in any chunking, then
/// drain with ``next()``; a message split over a thousand reads decodes the same
/// as one read in one piece.
///
/// ```swift
/// var decoder = FrameDecoder(maximumMessageBytes: 1 << 20)
/// decoder.append(bytesFromSocket)
/// while let event = decoder.next() {
///     switch event {
///     case .message(let body): dispatch(body)
///     case .error(let error): send(error.responseError); if !error.isRecoverable { close() }
///     }
/// }
/// ```
public struct FrameDecoder: Sendable {
    /// What the decoder found next in the stream.
    public enum Event: Hashable, Sendable {
        case message([UInt8])
        case error(FramingError)
    }

    /// The largest message body accepted, in bytes.
    public let maximumMessageBytes: Int
    /// The largest header block accepted, in bytes.
    public let maximumHeaderBytes: Int
    /// The stream's framing: fixed by the constructor, or detected from the first bytes (nil until then).
    public private(set) var framing: Framing?

    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Where the search for the next delimiter resumes, so feeding one byte at a time stays linear.
    private var scanIndex = 0
    /// Bytes of an over-size message still to be thrown away.
    private var discarding: Discard = .none
    /// The length of a body whose headers were read, while its bytes are still arriving.
    private var pendingBodyLength: Int?
    private var failed = false
    /// Set by ``finish()``: no more bytes will come.
    private var isFinished = false

    private enum Discard: Sendable {
        case none
        case untilNewline
        case bytes(Int)
    }

    /// Creates a decoder; pass `framing` to fix it instead of detecting it.
    public init(framing: Framing? = nil, maximumMessageBytes: Int = 16 << 20, maximumHeaderBytes: Int = 8192) {
        self.framing = framing
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumHeaderBytes = maximumHeaderBytes
    }

    /// Adds bytes received from the stream; ignored after ``finish()``.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard !failed, !isFinished else { return }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the stream (the peer closed its sending side); drain
    /// ``next()`` afterwards for what the end completes.
    ///
    /// In newline framing the end of the stream ends the last line too, so a
    /// final message without its `\n` is read (shell pipes and `printf` often
    /// leave it out). In `Content-Length` framing a body cut short stays unread:
    /// it is not a whole message. A stream too short to tell its framing is read
    /// as newline-delimited.
    public mutating func finish() {
        isFinished = true
    }

    /// Bytes received but not yet part of a returned message.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// The next message or error, or nil when more bytes are needed. After an
    /// unrecoverable error it returns nil forever.
    public mutating func next() -> Event? {
        guard !failed else { return nil }
        defer { compactIfWorthwhile() }
        if framing == nil {
            guard let detected = detectFraming() ?? (isFinished ? .newlineDelimited : nil) else { return nil }
            framing = detected
        }
        while true {
            switch discarding {
            case .none:
                break
            case .untilNewline:
                guard let newline = buffer[scanIndex...].firstIndex(of: UInt8(ascii: "\n")) else {
                    readIndex = buffer.count
                    scanIndex = buffer.count
                    return nil
                }
                readIndex = newline + 1
                scanIndex = readIndex
                discarding = .none
            case .bytes(let remaining):
                let available = min(remaining, buffer.count - readIndex)
                readIndex += available
                scanIndex = readIndex
                if available < remaining {
                    discarding = .bytes(remaining - available)
                    return nil
                }
                discarding = .none
            }
            switch framing! {
            case .newlineDelimited:
                switch nextLine() {
                case .skipped: continue
                case .event(let event): return event
                case .needMore: return nil
                }
            case .contentLength:
                return nextContentLengthMessage()
            }
        }
    }

    private enum LineOutcome {
        case event(Event)
        case skipped
        case needMore
    }

    private mutating func nextLine() -> LineOutcome {
        let lineEnd: Int
        if let newline = buffer[scanIndex...].firstIndex(of: UInt8(ascii: "\n")) {
            lineEnd = newline
        } else if isFinished && readIndex < buffer.count {
            // The end of the stream ends its last line.
            lineEnd = buffer.count
        } else {
            scanIndex = buffer.count
            if buffer.count - readIndex > maximumMessageBytes {
                // Report once, then drop bytes until the line ends: the next line is read as usual.
                discarding = .untilNewline
                readIndex = buffer.count
                return .event(.error(.messageTooLarge(limit: maximumMessageBytes, size: nil)))
            }
            return .needMore
        }
        var end = lineEnd
        if end > readIndex, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let start = readIndex
        readIndex = min(lineEnd + 1, buffer.count)
        scanIndex = readIndex
        let line = buffer[start..<end]
        if line.allSatisfy(Self.isWhitespace) { return .skipped }
        if line.count > maximumMessageBytes {
            return .event(.error(.messageTooLarge(limit: maximumMessageBytes, size: line.count)))
        }
        return .event(.message(Array(line)))
    }

    private mutating func nextContentLengthMessage() -> Event? {
        if let length = pendingBodyLength {
            guard buffer.count - readIndex >= length else { return nil }
            let body = Array(buffer[readIndex..<(readIndex + length)])
            readIndex += length
            scanIndex = readIndex
            pendingBodyLength = nil
            return .message(body)
        }
        // Blank lines between messages are tolerated, as many LSP peers send them.
        while readIndex < buffer.count, buffer[readIndex] == UInt8(ascii: "\r") || buffer[readIndex] == UInt8(ascii: "\n") {
            readIndex += 1
        }
        scanIndex = max(scanIndex, readIndex)
        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            if buffer.count - readIndex > maximumHeaderBytes {
                return fail("no blank line after \(maximumHeaderBytes) bytes of headers")
            }
            return nil
        }
        let headerText = String(decoding: buffer[readIndex..<headerEnd], as: UTF8.self)
        var length: Int?
        for rawLine in headerText.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.trimmingSuffix("\r")
            guard let colon = line.firstIndex(of: ":") else {
                return fail("header line '\(line)' has no ':'")
            }
            // Every other header is ignored, as LSP peers (vscode-jsonrpc) do: only the length finds the next message.
            guard line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            guard let parsed = Int(value), parsed >= 0 else {
                return fail("Content-Length '\(value)' is not a non-negative integer")
            }
            length = parsed
        }
        guard let length else { return fail("the header block has no Content-Length") }
        if length > maximumMessageBytes {
            readIndex = bodyStart
            scanIndex = bodyStart
            discarding = .bytes(length)
            return .error(.messageTooLarge(limit: maximumMessageBytes, size: length))
        }
        readIndex = bodyStart
        scanIndex = bodyStart
        pendingBodyLength = length
        return nextContentLengthMessage()
    }

    /// Finds the blank line ending the headers: returns where the headers end and the body starts.
    private mutating func findHeaderEnd() -> (Int, Int)? {
        var index = max(scanIndex, readIndex)
        while let newline = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) {
            // A blank line is "\n\n" or "\n\r\n".
            let next = newline + 1
            if next < buffer.count, buffer[next] == UInt8(ascii: "\n") { return (newline, next + 1) }
            if next + 1 < buffer.count, buffer[next] == UInt8(ascii: "\r"), buffer[next + 1] == UInt8(ascii: "\n") {
                return (newline, next + 2)
            }
            if next + 1 >= buffer.count {
                // The terminator may still be arriving: resume from this newline next time.
                scanIndex = newline
                return nil
            }
            index = next
        }
        scanIndex = max(buffer.count - 1, readIndex)
        return nil
    }

    private mutating func fail(_ reason: String) -> Event {
        failed = true
        buffer = []
        readIndex = 0
        scanIndex = 0
        return .error(.malformedHeader(reason))
    }

    /// Decides the framing from the first non-blank bytes; nil while they could still be either.
    private mutating func detectFraming() -> Framing? {
        let prefix = Array("content-".utf8)
        var index = readIndex
        while index < buffer.count, Self.isWhitespace(buffer[index]) { index += 1 }
        var matched = 0
        while matched < prefix.count, index + matched < buffer.count {
            if Self.lowercased(buffer[index + matched]) != prefix[matched] { return .newlineDelimited }
            matched += 1
        }
        return matched == prefix.count ? .contentLength : nil
    }

    private mutating func compactIfWorthwhile() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            scanIndex = 0
            readIndex = 0
        } else if readIndex >= 4096 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

private extension StringProtocol {
    func trimmingSuffix(_ suffix: Character) -> SubSequence {
        last == suffix ? dropLast() : self[...]
    }

    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
