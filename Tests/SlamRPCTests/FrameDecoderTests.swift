import Testing
@testable import SlamRPC

@Suite struct FrameDecoderTests {
    func drain(_ decoder: inout FrameDecoder) -> [FrameDecoder.Event] {
        var events: [FrameDecoder.Event] = []
        while let event = decoder.next() { events.append(event) }
        return events
    }

    func message(_ text: String) -> FrameDecoder.Event { .message(Array(text.utf8)) }

    @Test func newlineFramingToleratesCRLFAndBlankLines() {
        var decoder = FrameDecoder()
        decoder.append(Array("{\"a\":1}\r\n\n  \r\n[2]\n{\"b\"".utf8))
        #expect(drain(&decoder) == [message(#"{"a":1}"#), message("[2]")])
        #expect(decoder.framing == .newlineDelimited)
        decoder.append(Array(":3}\n".utf8))
        #expect(drain(&decoder) == [message(#"{"b":3}"#)])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func malformedLineIsPassedOnAndTheNextLineStillRead() {
        var decoder = FrameDecoder()
        decoder.append(Array("garbage here\n{\"ok\":true}\n".utf8))
        #expect(drain(&decoder) == [message("garbage here"), message(#"{"ok":true}"#)])
    }

    @Test func overSizeLineIsReportedOnceAndTheStreamResynchronises() {
        var decoder = FrameDecoder(maximumMessageBytes: 16)
        decoder.append(Array(String(repeating: "x", count: 40).utf8))
        #expect(drain(&decoder) == [.error(.messageTooLarge(limit: 16, size: nil))])
        decoder.append(Array(String(repeating: "y", count: 40).utf8))
        #expect(drain(&decoder).isEmpty, "the rest of the over-size line is skipped silently")
        decoder.append(Array("zz\n{\"next\":1}\n".utf8))
        #expect(drain(&decoder) == [message(#"{"next":1}"#)])
    }

    @Test func overSizeLineArrivingWholeReportsItsSize() {
        var decoder = FrameDecoder(maximumMessageBytes: 8)
        decoder.append(Array("0123456789\n[1]\n".utf8))
        #expect(drain(&decoder) == [.error(.messageTooLarge(limit: 8, size: 10)), message("[1]")])
    }

    @Test func contentLengthIsDetectedCaseInsensitivelyWithOtherHeaders() {
        var decoder = FrameDecoder()
        decoder.append(Array("content-length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"a\":1}".utf8))
        #expect(drain(&decoder) == [message(#"{"a":1}"#)])
        #expect(decoder.framing == .contentLength)
    }

    @Test func headersOtherThanContentLengthAreIgnored() {
        var decoder = FrameDecoder()
        decoder.append(Array("Content-Length: 2\r\nX-Weird: 1\r\nUser-Agent: vscode-jsonrpc\r\n\r\n[]".utf8))
        decoder.append(Array("Content-Type: x\nX-Trace:\nContent-length:3\n\n[1]".utf8))
        #expect(drain(&decoder) == [message("[]"), message("[1]")])
        #expect(decoder.framing == .contentLength)
    }

    @Test func contentLengthBodyMayHoldNewlines() {
        let body = "{\n \"a\": [1,\n2]\n}"
        var decoder = FrameDecoder()
        decoder.append(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)Content-Length: 2\n\n[]".utf8))
        #expect(drain(&decoder) == [message(body), message("[]")])
    }

    @Test func detectionWaitsForEnoughBytes() {
        var decoder = FrameDecoder()
        decoder.append(Array("\r\nConte".utf8))
        #expect(decoder.next() == nil)
        #expect(decoder.framing == nil)
        decoder.append(Array("nt-Length: 2\r\n\r\n[]".utf8))
        #expect(drain(&decoder) == [message("[]")])
    }

    @Test func overSizeContentLengthBodyIsSkippedAndTheNextMessageRead() {
        var decoder = FrameDecoder(maximumMessageBytes: 4)
        decoder.append(Array("Content-Length: 10\r\n\r\n0123".utf8))
        #expect(drain(&decoder) == [.error(.messageTooLarge(limit: 4, size: 10))])
        decoder.append(Array("456789Content-Length: 2\r\n\r\n[]".utf8))
        #expect(drain(&decoder) == [message("[]")])
    }

    @Test(arguments: [
        "Content-Length: abc\r\n\r\n{}",
        "Content-Length: -3\r\n\r\n{}",
        "Content-Type: x\r\n\r\n{}",
        "Content-Type: x\r\nX-Weird: 1\r\n\r\n{}",
        "Content-Length: 2\r\nno colon here\r\n\r\n{}",
    ])
    func malformedHeadersEndTheStream(text: String) {
        var decoder = FrameDecoder()
        decoder.append(Array(text.utf8))
        let events = drain(&decoder)
        #expect(events.count == 1)
        guard case .error(let error)? = events.first else {
            Issue.record("expected a framing error, got \(events)")
            return
        }
        #expect(!error.isRecoverable)
        decoder.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(decoder.next() == nil, "nothing is read after an unrecoverable error")
    }

    @Test func endlessHeaderBlockIsRefused() {
        var decoder = FrameDecoder(maximumHeaderBytes: 64)
        decoder.append(Array(("Content-Length: 2\r\n" + String(repeating: "Content-X: y\r\n", count: 10)).utf8))
        #expect(drain(&decoder) == [.error(.malformedHeader("no blank line after 64 bytes of headers"))])
    }

    @Test func byteByByteLargeMessageStaysLinear() {
        // 1 MiB fed a byte at a time: quadratic rescanning would take minutes.
        let body = "[" + String(repeating: "1,", count: 512 * 1024) + "1]"
        var decoder = FrameDecoder()
        var events: [FrameDecoder.Event] = []
        for byte in (body + "\n").utf8 {
            decoder.append(CollectionOfOne(byte))
            while let event = decoder.next() { events.append(event) }
        }
        #expect(events == [message(body)])
    }

    @Test func theEndOfTheStreamEndsAnUnterminatedLastLine() {
        var decoder = FrameDecoder()
        decoder.append(Array("[1]\n{\"last\":2}\r".utf8))
        #expect(drain(&decoder) == [message("[1]")], "without the end of the stream the last line may still grow")
        decoder.finish()
        #expect(drain(&decoder) == [message(#"{"last":2}"#)])
        #expect(decoder.next() == nil)
        decoder.append(Array("[3]\n".utf8))
        #expect(decoder.next() == nil, "nothing is read after the end")
    }

    @Test func theEndOfTheStreamAddsNothingAfterACompleteLineOrBlanks() {
        var decoder = FrameDecoder()
        decoder.append(Array("[1]\n  \r\n \t".utf8))
        decoder.finish()
        #expect(drain(&decoder) == [message("[1]")])
        var empty = FrameDecoder()
        empty.finish()
        #expect(empty.next() == nil)
    }

    @Test func aStreamTooShortToTellItsFramingEndsAsANewlineMessage() {
        var decoder = FrameDecoder()
        decoder.append(Array("Conte".utf8))
        #expect(decoder.next() == nil)
        decoder.finish()
        #expect(drain(&decoder) == [message("Conte")])
        #expect(decoder.framing == .newlineDelimited)
    }

    @Test func anOverSizeLastLineIsReportedAtTheEndOfTheStream() {
        var decoder = FrameDecoder(maximumMessageBytes: 4)
        decoder.append(Array("[1]\n0123456789".utf8))
        #expect(drain(&decoder) == [message("[1]"), .error(.messageTooLarge(limit: 4, size: nil))])
        decoder.finish()
        #expect(drain(&decoder).isEmpty, "its rest is dropped, not read as a message")
    }

    @Test func theEndOfTheStreamDropsAnIncompleteContentLengthMessage() {
        var cutBody = FrameDecoder()
        cutBody.append(Array("Content-Length: 2\r\n\r\n[]Content-Length: 10\r\n\r\n{\"a\"".utf8))
        #expect(drain(&cutBody) == [message("[]")])
        cutBody.finish()
        #expect(drain(&cutBody).isEmpty)
        var cutHeaders = FrameDecoder()
        cutHeaders.append(Array("Content-Length: 2\r\n".utf8))
        cutHeaders.finish()
        #expect(drain(&cutHeaders).isEmpty)
        #expect(cutHeaders.framing == .contentLength)
    }

    @Test func encoderFramesBothWays() {
        #expect(FrameEncoder().encode(Array("{}".utf8)) == Array("{}\n".utf8))
        #expect(FrameEncoder(framing: .contentLength).encode(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }

    @Test func tooLargeErrorNamesTheLimit() {
        let error = FramingError.messageTooLarge(limit: 100, size: 250).responseError
        #expect(error.code == .messageTooLarge)
        #expect(error.message.contains("250 bytes") && error.message.contains("100"))
    }
}
