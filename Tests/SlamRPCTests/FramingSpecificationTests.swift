import Testing
import SlamJSON
@testable import SlamRPC

/// Replays every specification example through both framings, as one stream fed
/// whole and fed one byte at a time, and reads the replies back through a decoder.
@Suite struct FramingSpecificationTests {
    enum Feeding: CaseIterable { case whole, byteByByte }

    @Test(arguments: [Framing.newlineDelimited, .contentLength], Feeding.allCases)
    func examplesSurviveFraming(framing: Framing, feeding: Feeding) throws {
        let encoder = FrameEncoder(framing: framing)
        var stream: [UInt8] = []
        for example in SpecificationExamples.all {
            // A line cannot hold the pretty-printed examples; Content-Length carries them verbatim.
            let text = framing == .newlineDelimited ? example.request.replacingNewlines() : example.request
            stream += encoder.encode(Array(text.utf8))
        }

        let dispatcher = SpecificationExamples.dispatcher()
        var requestDecoder = FrameDecoder()
        var replyStream: [UInt8] = []
        func drain() {
            while let event = requestDecoder.next() {
                guard case .message(let body) = event else {
                    Issue.record("unexpected framing error \(event)")
                    continue
                }
                dispatcher.handle(body, context: ()) { reply in
                    if let reply { replyStream += encoder.encode(reply) }
                }
            }
        }
        switch feeding {
        case .whole:
            requestDecoder.append(stream)
            drain()
        case .byteByByte:
            for byte in stream {
                requestDecoder.append(CollectionOfOne(byte))
                drain()
            }
        }
        #expect(requestDecoder.framing == framing, "framing must be detected from the first bytes")

        var replyDecoder = FrameDecoder(framing: framing)
        replyDecoder.append(replyStream)
        var replies: [JSONValue] = []
        while case .message(let body)? = replyDecoder.next() {
            replies.append(try JSONParser().parse(body))
        }
        let expected = try SpecificationExamples.all.compactMap(\.response).map { try JSONParser().parse($0) }
        #expect(replies.count == expected.count)
        for (actual, wanted) in zip(replies, expected) {
            #expect(SpecificationExamples.matches(actual, wanted), "got \(actual), expected \(wanted)")
        }
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
