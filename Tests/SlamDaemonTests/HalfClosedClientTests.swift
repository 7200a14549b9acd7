import Foundation
import Testing
import SlamClient
import SlamHarness
import SlamJSON
import SlamRPC

/// Clients that close their sending side after their requests, as `socat`,
/// `nc -N` and shell pipes do, against a real slamd: everything owed is
/// answered, in order, and only then is the connection closed.
@Suite struct HalfClosedClientTests {
    static func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    /// Expects the daemon to have closed the connection: no more messages, end of stream.
    static func expectEndOfStream(on connection: SlamConnection, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: ClientError.connectionClosed, sourceLocation: sourceLocation) {
            try connection.nextMessage(timeoutMilliseconds: 10_000)
        }
    }

    @Test func aPendingWaitAndTheReplyQueuedBehindItAreAnsweredBeforeTheClose() throws {
        let daemon = try DaemonProcess.launch()
        let waiter = try daemon.connect()
        try waiter.sendRaw(Self.line(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"Count: 1","timeoutMs":5000},"id":1}"#)
                           + Self.line(#"{"jsonrpc":"2.0","method":"ping","id":2}"#))
        try waiter.shutdownWriting()
        // Still open and still owing: nothing arrives until the wait is met.
        #expect(throws: ClientError.timedOut(milliseconds: 200)) { try waiter.nextMessage(timeoutMilliseconds: 200) }
        let presser = try daemon.connect()
        #expect(try presser.call("press", ["ref": "increment"])["ref"] == "increment")
        let met = try waiter.nextMessage()
        #expect(met["id"] == 1 && met["result"]?["text"] == "Count: 1", "\(met)")
        let pong = try waiter.nextMessage()
        #expect(pong["id"] == 2 && pong["result"] == "pong", "\(pong)")
        Self.expectEndOfStream(on: waiter)
        #expect(try presser.call("ping") == "pong", "the daemon goes on")
    }

    @Test func aLastMessageWithoutItsNewlineIsAnswered() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        try connection.sendRaw(Array(#"{"jsonrpc":"2.0","method":"ping","id":"last"}"#.utf8))
        try connection.shutdownWriting()
        let pong = try connection.nextMessage()
        #expect(pong["id"] == "last" && pong["result"] == "pong", "\(pong)")
        Self.expectEndOfStream(on: connection)
    }

    @Test func aWaitThatTimesOutIsAnsweredWithItsErrorBeforeTheClose() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let started = Date()
        try connection.sendRaw(Self.line(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"nothing","state":"exists","timeoutMs":300},"id":7}"#))
        try connection.shutdownWriting()
        let timedOut = try connection.nextMessage()
        #expect(timedOut["id"] == 7 && timedOut["error"]?["code"] == -32008, "\(timedOut)")
        #expect(Date().timeIntervalSince(started) >= 0.29)
        Self.expectEndOfStream(on: connection)
    }

    @Test func aClientThatOwesNothingIsClosedAtOnce() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        #expect(try connection.call("ping") == "pong")
        try connection.notify("press", ["ref": "increment"])
        try connection.shutdownWriting()
        Self.expectEndOfStream(on: connection)
        #expect(try daemon.connect().find("count").text == "Count: 1", "the notification before the end was run")
    }

    @Test func aContentLengthClientIsAnsweredInItsFramingAndAnIncompleteLastMessageDropped() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try SlamConnection(socketPath: daemon.socketPath, framing: .contentLength)
        let body = #"{"jsonrpc":"2.0","method":"ping","id":1}"#
        try connection.sendRaw(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)Content-Length: 90\r\n\r\n{\"json".utf8))
        try connection.shutdownWriting()
        #expect(try connection.nextMessage()["result"] == "pong")
        Self.expectEndOfStream(on: connection)
    }
}
