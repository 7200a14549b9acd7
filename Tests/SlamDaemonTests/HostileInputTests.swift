import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// Hostile input against a real slamd: every case gets a
/// clear error or is survived, and the daemon keeps serving the same and other clients.
@Suite struct HostileInputTests {
    /// Sends `bytes` raw and returns the next reply.
    static func reply(to bytes: [UInt8], on connection: SlamConnection) throws -> JSONValue {
        try connection.sendRaw(bytes)
        return try connection.nextMessage()
    }

    static func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }

    @Test func invalidUTF8AndRawNULBytesAreParseErrors() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let invalid = try Self.reply(to: Array(#"{"jsonrpc":"2.0","method":"ping","id":""#.utf8) + [0xC3, 0x28] + Self.line(#""}"#), on: connection)
        #expect(invalid["error"]?["code"] == -32700)
        #expect(invalid["error"]?["message"]?.stringValue?.contains("UTF-8") == true, "\(invalid)")
        let nul = try Self.reply(to: Array(#"{"jsonrpc":"2.0","method":"ping","id":1}"#.utf8) + [0x00] + Self.line(""), on: connection)
        #expect(nul["error"]?["code"] == -32700)
        let escapedNUL = try Self.reply(to: Self.line(#"{"jsonrpc":"2.0","method":"ping","id":"a\u0000b"}"#), on: connection)
        #expect(escapedNUL["result"] == "pong" && escapedNUL["id"] == "a\u{0}b", "an escaped NUL is an ordinary character")
        #expect(try connection.call("ping") == "pong")
    }

    @Test func aHugeLineIsRefusedAndTheNextLineIsRead() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let tenMiB = Array(#"{"jsonrpc":"2.0","method":"ping","id":1,"params":{"pad":""#.utf8)
            + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20) + Self.line(#""}}"#)
        let padded = try Self.reply(to: tenMiB, on: connection)
        #expect(padded["error"]?["code"] == -32602, "10 MiB is within the limit: read whole, the surplus param refused")
        let overLimit = [UInt8](repeating: UInt8(ascii: "["), count: 17 << 20) + Self.line("")
        let tooLarge = try Self.reply(to: overLimit, on: connection)
        #expect(tooLarge["error"]?["code"] == -32000)
        #expect(try connection.call("ping") == "pong")
    }

    @Test func deepNestingIsRefusedWithItsLimit() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let refused = try Self.reply(to: Self.line(deep), on: connection)
        #expect(refused["error"]?["code"] == -32700)
        #expect(refused["error"]?["message"]?.stringValue?.contains("nest") == true || refused["error"]?["data"] != nil, "\(refused)")
        #expect(try connection.call("ping") == "pong")
    }

    @Test func aBatchOf100kRequestsIsAnsweredWhole() async throws {
        try await onOwnThread {
            let daemon = try DaemonProcess.launch()
            let connection = try daemon.connect(timeoutMilliseconds: 120_000)
            let count = 100_000
            var text = "["
            for id in 0..<count {
                if id > 0 { text += "," }
                text += #"{"jsonrpc":"2.0","method":"ping","id":\#(id)}"#
            }
            text += "]"
            let replies = try Self.reply(to: Self.line(text), on: connection).arrayValue ?? []
            #expect(replies.count == count)
            #expect(replies.enumerated().allSatisfy { $0.element["id"] == .integer(Int64($0.offset)) && $0.element["result"] == "pong" },
                    "every reply, in order, with its id")
            #expect(try connection.call("ping") == "pong")
        }
    }

    @Test func numbersOutOfRangeAreParseErrors() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        for number in ["99999999999999999999", "-99999999999999999999", "1e400"] {
            let reply = try Self.reply(to: Self.line(#"{"jsonrpc":"2.0","method":"ping","id":\#(number)}"#), on: connection)
            #expect(reply["error"]?["code"] == -32700, "\(number): \(reply)")
        }
        let limits = try Self.reply(to: Self.line(#"{"jsonrpc":"2.0","method":"ping","id":9223372036854775807}"#), on: connection)
        #expect(limits["id"] == .integer(Int64.max), "the largest integer comes back exactly")
    }

    @Test(arguments: [#""1.0""#, "2.0", "2", "null", #""2.0 ""#, #"["2.0"]"#])
    func aWrongJSONRPCVersionIsAnInvalidRequest(version: String) throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let reply = try Self.reply(to: Self.line(#"{"jsonrpc":\#(version),"method":"ping","id":7}"#), on: connection)
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["error"]?["data"]?["member"] == "jsonrpc", "\(reply)")
        #expect(reply["id"] == 7)
        let missing = try Self.reply(to: Self.line(#"{"method":"ping","id":8}"#), on: connection)
        #expect(missing["error"]?["code"] == -32600 && missing["id"] == 8)
    }

    @Test func idsOfEveryJSONType() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        // A fractional id is discouraged by the specification (SHOULD NOT), not forbidden: it comes back exactly.
        for id in [#""text""#, "42", "-1", "0", "null", "1.5"] {
            let reply = try Self.reply(to: Self.line(#"{"jsonrpc":"2.0","method":"ping","id":\#(id)}"#), on: connection)
            #expect(reply["result"] == "pong", "id \(id): \(reply)")
            #expect(reply["id"] == (try JSONParser().parse(id)), "id \(id) comes back exactly")
        }
        for id in ["true", "[1]", #"{"a":1}"#] {
            let reply = try Self.reply(to: Self.line(#"{"jsonrpc":"2.0","method":"ping","id":\#(id)}"#), on: connection)
            #expect(reply["error"]?["code"] == -32600, "id \(id): \(reply)")
            #expect(reply["id"] == .null)
        }
    }

    @Test func aContentLengthThatLiesEitherWayIsSurvived() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try SlamConnection(socketPath: daemon.socketPath, framing: .contentLength)
        let body = #"{"jsonrpc":"2.0","method":"ping","id":1}"#
        // Too short: the frame ends mid-document (a parse error); the rest is not a header block.
        try connection.sendRaw(Array("Content-Length: 10\r\n\r\n\(body)".utf8))
        #expect(try connection.nextMessage()["error"]?["code"] == -32700)
        let other = try daemon.connect()
        #expect(try other.call("ping") == "pong", "other clients are served meanwhile")
        // Too long: the daemon waits for the promised bytes, then reads the frame.
        let honest = try SlamConnection(socketPath: daemon.socketPath, framing: .contentLength)
        try honest.sendRaw(Array("Content-Length: \(body.utf8.count + 3)\r\n\r\n\(body)".utf8))
        #expect(throws: ClientError.timedOut(milliseconds: 300)) { try honest.nextMessage(timeoutMilliseconds: 300) }
        try honest.sendRaw(Array("   ".utf8))
        #expect(try honest.nextMessage()["result"] == "pong", "trailing spaces complete the promised length")
    }

    @Test func headersOtherThanContentLengthAreIgnored() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try SlamConnection(socketPath: daemon.socketPath, framing: .contentLength)
        let body = #"{"jsonrpc":"2.0","method":"ping","id":1}"#
        try connection.sendRaw(Array("Content-Length: \(body.utf8.count)\r\nX-Trace-Id: 7f\r\nUser-Agent: vscode-jsonrpc\r\n\r\n\(body)".utf8))
        #expect(try connection.nextMessage()["result"] == "pong")
        #expect(try connection.call("ping") == "pong", "the connection goes on")
    }

    @Test func aHalfMessageOrHeadersWithoutABodyBlockNobodyElse() throws {
        let daemon = try DaemonProcess.launch()
        let stalled = try daemon.connect()
        try stalled.sendRaw(Array(#"{"jsonrpc":"2.0","me"#.utf8))
        let headersOnly = try daemon.connect()
        try headersOnly.sendRaw(Array("Content-Length: 5\r\n\r\n".utf8))
        let other = try daemon.connect()
        #expect(try other.call("ping") == "pong")
        #expect(try other.call("press", ["ref": "increment"])["text"] == "+1", "the UI is not blocked")
        stalled.close()
        headersOnly.close()
        #expect(try other.call("ping") == "pong")
    }

    @Test func thousandsOfConnectionsLeaveNoDescriptorsBehind() throws {
        let daemon = try DaemonProcess.launch()
        let pid = daemon.process.processIdentifier
        func descriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        }
        let probe = try daemon.connect()
        #expect(try probe.call("ping") == "pong")
        let before = descriptors()
        for index in 0..<2_000 {
            let connection = try daemon.connect()
            if index % 2 == 0 { _ = try connection.call("ping") }   // half say something, half leave at once
            connection.close()
        }
        #expect(try probe.call("ping") == "pong")
        // Closing is asynchronous on the daemon's side: allow it a moment to catch up.
        var after = descriptors()
        for _ in 0..<200 where after > before + 2 {
            usleep(50_000)
            after = descriptors()
        }
        #expect(before > 0 && after <= before + 2, "descriptors before \(before), after \(after)")
    }
}
