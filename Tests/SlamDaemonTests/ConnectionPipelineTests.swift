import NIOCore
import NIOEmbedded
import Testing
import SlamJSON
import SlamRPC
@testable import SlamDaemon

/// The connection's handlers (`FrameDecodingHandler`, `FrameEncodingHandler`,
/// `SessionHandler`) together on an `EmbeddedChannel`: framing both ways,
/// flushing, the unread-bytes cut-off and closing.
@Suite struct ConnectionPipelineTests {
    static func request(_ method: String, id: Int, params: String? = nil) -> String {
        #"{"jsonrpc":"2.0","method":"\#(method)","id":\#(id)\#(params.map { #","params":\#($0)"# } ?? "")}"#
    }

    static let ping = request("ping", id: 1)
    static let pong = #"{"jsonrpc":"2.0","result":"pong","id":1}"#

    /// The messages in newline-framed output, parsed.
    static func lines(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONParser().parse(String($0)) }
    }

    /// The messages in `Content-Length`-framed output, parsed.
    static func contentLengthMessages(_ text: String) throws -> [JSONValue] {
        var decoder = FrameDecoder(framing: .contentLength)
        decoder.append(Array(text.utf8))
        var messages: [JSONValue] = []
        while case .message(let body)? = decoder.next() { messages.append(try JSONParser().parse(body)) }
        #expect(decoder.bufferedByteCount == 0, "whole frames only")
        return messages
    }

    @Test func newlineFramingIsDetectedAndRepliesUseIt() throws {
        let connection = try EmbeddedConnection()
        try connection.receive("\r\n" + Self.ping + "\n")
        #expect(try connection.sent() == Self.pong + "\n")
        let encoder = try connection.channel.pipeline.syncOperations.handler(type: FrameEncodingHandler.self)
        #expect(encoder.framing == .newlineDelimited)
    }

    @Test func contentLengthFramingIsDetectedFromTheFirstBytesAndRepliesUseIt() throws {
        let connection = try EmbeddedConnection()
        try connection.receive("Cont")
        #expect(try connection.sent().isEmpty, "four bytes cannot tell the framing yet")
        try connection.receive("ent-Length: \(Self.ping.utf8.count)\r\nX-Unknown: 1\r\n\r\n\(Self.ping)")
        #expect(try connection.sent() == "Content-Length: \(Self.pong.utf8.count)\r\n\r\n\(Self.pong)")
        let encoder = try connection.channel.pipeline.syncOperations.handler(type: FrameEncodingHandler.self)
        #expect(encoder.framing == .contentLength)
    }

    @Test func eachConnectionKeepsItsOwnFraming() throws {
        let loop = EmbeddedEventLoop()
        let lsp = try EmbeddedConnection(loop: loop, identifier: 1)
        let plain = try EmbeddedConnection(instances: lsp.instances, loop: loop, identifier: 2)
        try lsp.receive("Content-Length: \(Self.ping.utf8.count)\r\n\r\n\(Self.ping)")
        try plain.receive(Self.ping + "\n")
        #expect(try Self.contentLengthMessages(lsp.sent()).map { $0["result"] } == ["pong"])
        #expect(try plain.sent() == Self.pong + "\n")
    }

    @Test func repliesToOneReadBurstAreFlushedOnceWhenItEnds() throws {
        let connection = try EmbeddedConnection()
        connection.receiveWithoutReadComplete(Self.ping + "\n" + Self.request("ping", id: 2) + "\n")
        connection.receiveWithoutReadComplete(Self.request("ping", id: 3) + "\n")
        #expect(try connection.sent().isEmpty, "nothing is flushed mid-burst")
        connection.endReadBurst()
        #expect(try Self.lines(connection.sent()).map { $0["id"] } == [1, 2, 3])
    }

    /// Pipelined requests cost the channel one write per burst: their replies are framed into one buffer.
    @Test func repliesToOneReadBurstGoOutInOneBuffer() throws {
        let connection = try EmbeddedConnection()
        try connection.receive((1...3).map { Self.request("ping", id: $0) + "\n" }.joined())
        var buffers: [String] = []
        while let buffer = try connection.channel.readOutbound(as: ByteBuffer.self) { buffers.append(String(buffer: buffer)) }
        #expect(buffers.count == 1)
        #expect(try buffers.flatMap { try Self.lines($0) }.map { $0["id"] } == [1, 2, 3])
    }

    @Test func outputCausedByAnotherClientIsFlushedOnTheLoopsNextTurn() throws {
        let loop = EmbeddedEventLoop()
        let watcher = try EmbeddedConnection(loop: loop, identifier: 1)
        let actor = try EmbeddedConnection(instances: watcher.instances, loop: loop, identifier: 2)
        try watcher.receive(Self.request("subscribe", id: 1, params: #"{"events":["changed"]}"#) + "\n")
        _ = try watcher.sent()
        actor.receiveWithoutReadComplete(Self.request("press", id: 1, params: #"{"ref":"increment"}"#) + "\n")
        actor.endReadBurst(turningTheLoop: false)
        #expect(try watcher.sent().isEmpty, "written, not yet flushed")
        #expect(try actor.sent().isEmpty, "the burst's own replies too: flushed on the next turn")
        loop.run()
        let changed = try Self.lines(watcher.sent())
        #expect(changed.map { $0["method"] } == ["changed"])
    }

    @Test func aClientLeavingTooManyBytesUnreadIsCutOff() throws {
        let ten = (1...10).map { Self.request("ping", id: $0) + "\n" }.joined()
        let within = try EmbeddedConnection(maximumUnreadBytes: 1_000)
        try within.receive(ten)
        within.runLoop()
        #expect(!within.isClosed)
        #expect(try Self.lines(within.sent()).count == 10)

        let beyond = try EmbeddedConnection(maximumUnreadBytes: 1_000)
        // 50 replies of about 40 bytes each, unflushed within one burst: past the limit.
        try beyond.receive(String(repeating: ten, count: 5))
        beyond.runLoop()
        #expect(beyond.isClosed)
    }

    @Test func aMalformedHeaderIsAnsweredAndTheConnectionClosedAfterTheFlush() throws {
        let connection = try EmbeddedConnection()
        try connection.receive("Content-Length: \(Self.ping.utf8.count)\r\n\r\n\(Self.ping)Content-Length: many\r\n\r\n{}")
        let replies = try Self.contentLengthMessages(connection.sent())
        #expect(connection.isClosed)
        #expect(replies.count == 2)
        #expect(replies.first?["result"] == "pong")
        #expect(replies.last?["error"]?["code"] == -32600 && replies.last?["id"] == .null, "\(replies)")
    }

    @Test func endOfInputAnswersAPendingWaitAndWhatQueuesBehindItThenCloses() throws {
        let connection = try EmbeddedConnection()
        try connection.receive(Self.request("waitFor", id: 1, params: #"{"ref":"nothing","state":"exists","timeoutMs":300}"#) + "\n"
                               + Self.request("ping", id: 2) + "\n")
        connection.receiveEndOfInput()
        connection.runLoop()
        #expect(!connection.isClosed, "replies are still owed")
        #expect(try connection.sent().isEmpty)
        connection.channel.embeddedEventLoop.advanceTime(by: .milliseconds(300))
        let replies = try Self.lines(connection.sent())
        #expect(replies.map { $0["id"] } == [1, 2])
        #expect(replies.first?["error"]?["code"] == -32008)
        #expect(replies.last?["result"] == "pong")
        #expect(connection.isClosed)
    }

    @Test func endOfInputAnswersAWaitAnotherClientMeetsThenCloses() throws {
        let loop = EmbeddedEventLoop()
        let waiter = try EmbeddedConnection(loop: loop, identifier: 1)
        let presser = try EmbeddedConnection(instances: waiter.instances, loop: loop, identifier: 2)
        try waiter.receive(Self.request("waitFor", id: 1, params: #"{"ref":"count","property":"text","equals":"Count: 1","timeoutMs":5000}"#) + "\n"
                           + Self.request("ping", id: 2) + "\n")
        waiter.receiveEndOfInput()
        loop.run()
        #expect(!waiter.isClosed)
        try presser.receive(Self.request("press", id: 1, params: #"{"ref":"increment"}"#) + "\n")
        loop.run()
        #expect(try Self.lines(waiter.sent()).map { $0["id"] } == [1, 2])
        #expect(waiter.isClosed)
        #expect(!presser.isClosed)
    }

    @Test func endOfInputReadsAnUnterminatedLastLineAndClosesWhenAnswered() throws {
        let connection = try EmbeddedConnection()
        try connection.receive(Self.ping)
        #expect(try connection.sent().isEmpty)
        connection.receiveEndOfInput()
        #expect(try connection.sent() == Self.pong + "\n")
        connection.runLoop()
        #expect(connection.isClosed)
    }

    @Test func endOfInputWithNothingOwedClosesAtOnce() throws {
        let connection = try EmbeddedConnection()
        try connection.receive(Self.ping + "\n")
        _ = try connection.sent()
        connection.receiveEndOfInput()
        #expect(connection.isClosed)
    }
}
