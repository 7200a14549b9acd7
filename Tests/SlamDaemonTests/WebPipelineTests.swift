import Logging
import NIOCore
import NIOEmbedded
import SlamDemo
import SlamServer
import Testing
@testable import SlamDaemon
#if canImport(Glibc)
import Glibc
#endif

/// One `--web` connection's real pipeline (``WebServer/configure(_:makeSession:)``)
/// on an `EmbeddedChannel`: HTTP requests in, responses out, the upgrade to a
/// WebSocket session of the demo app, frames both ways, the idle deadline.
final class EmbeddedWebConnection {
    static let token = WebToken(bytes: Array(100..<132))
    static let host = "127.0.0.1:8080"

    let channel = EmbeddedChannel()
    let instances: SlamInstances
    var service: SlamService { instances.main }
    let rootDirectory: String

    init(maximumMessageBytes: Int = 1 << 20, maximumUnreadBytes: Int = 64 << 20, idleTimeoutSeconds: Int64 = 30,
         guards: ConnectionGuards? = nil) throws {
        var template = Array("/tmp/slam-web-test-XXXXXX".utf8CString)
        rootDirectory = String(cString: mkdtemp(&template))
        let index = Array("<!DOCTYPE html><title>Slam</title>".utf8)
        let file = fopen(rootDirectory + "/index.html", "w")
        fwrite(index, 1, index.count, file)
        fclose(file)
        mkdir(rootDirectory + "/lib", 0o700)
        let loop = channel.embeddedEventLoop
        instances = try SlamInstances(makeApplication: { try DemoApp.makeApplication() }, scheduler: EventLoopScheduler(eventLoop: loop))
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let server = try WebServer(
            configuration: WebConfiguration(address: WebAddress(host: "127.0.0.1", port: 8080), rootDirectory: rootDirectory,
                                            idleTimeoutSeconds: idleTimeoutSeconds),
            maximumMessageBytes: maximumMessageBytes, maximumUnreadBytes: maximumUnreadBytes, token: Self.token, logger: logger)
        let instances = instances
        let guards = guards ?? .forTests(logger: logger)
        let session = NIOLoopBound(
            { SessionHandler(instances: instances, registry: ConnectionRegistry(), identifier: 1, peerUserID: nil,
                             refusals: guards.refusals, logger: logger) }, eventLoop: loop)
        try server.configure(channel, guards: guards) { _ in session.value() }
        channel.localAddress = try SocketAddress(ipAddress: "127.0.0.1", port: 8080)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50000)).wait()
    }

    deinit {
        _ = try? channel.finish(acceptAlreadyClosed: true)
        channel.embeddedEventLoop.run()
        unlink(rootDirectory + "/index.html")
        rmdir(rootDirectory + "/lib")
        rmdir(rootDirectory)
    }

    /// Sends one HTTP request head and returns everything the server wrote back.
    func request(_ method: String = "GET", _ target: String, headers: [String] = ["Host: \(host)"]) throws -> String {
        try receive(Array("\(method) \(target) HTTP/1.1\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n".utf8))
        return String(decoding: try sent(), as: UTF8.self)
    }

    func receive(_ bytes: [UInt8]) throws {
        try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        channel.embeddedEventLoop.run()
    }

    func sent() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    /// The head of a WebSocket handshake for /rpc, with `extra` headers (the token, an origin…).
    static func upgradeHeaders(_ extra: [String]) -> [String] {
        ["Host: \(host)", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="] + extra
    }

    /// Upgrades to the WebSocket at /rpc with the token as a Bearer header.
    func upgrade() throws {
        let response = try request("GET", "/rpc", headers: Self.upgradeHeaders(["Authorization: Bearer \(Self.token)"]))
        #expect(response.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), "\(response)")
        #expect(response.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        #expect(response.contains("Content-Security-Policy: default-src 'none'"))
    }

    /// A client frame: masked, as RFC 6455 requires of clients.
    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// The server's frames in `bytes`: (opcode, payload); server frames are never masked.
    static func frames(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            #expect(bytes[index + 1] & 0x80 == 0, "a server frame is not masked")
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 {
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[start + $1]) }
                start += 8
            }
            frames.append((bytes[index] & 0x0F, Array(bytes[start..<start + length])))
            index = start + length
        }
        return frames
    }

    static func text(_ payload: [UInt8]) -> String { String(decoding: payload, as: UTF8.self) }

    static func closeCode(_ payload: [UInt8]) -> Int { payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : -1 }
}

@Suite struct WebPipelineTests {
    static let ping = Array(#"{"jsonrpc":"2.0","method":"ping","id":1}"#.utf8)

    @Test func thePageNeedsNoTokenAndNoCookieEverCarriesOne() throws {
        let connection = try EmbeddedWebConnection()
        let page = try connection.request("GET", "/", headers: ["Host: localhost:8080"])
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(page)")
        for header in ["Content-Type: text/html; charset=utf-8", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer",
                       "Cache-Control: no-store", "frame-ancestors 'none'", "Content-Length: 34"] {
            #expect(page.contains(header), "\(header)")
        }
        #expect(page.hasSuffix("\r\n\r\n<!DOCTYPE html><title>Slam</title>"))
        #expect(connection.channel.isActive, "kept alive")
        // An old URL with the token in its query is just the page: no redirect, no cookie, the token not echoed.
        let old = try connection.request("GET", "/?token=\(EmbeddedWebConnection.token)")
        #expect(old.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(old)")
        #expect(!old.contains("Set-Cookie") && !old.contains("Location") && !old.contains("\(EmbeddedWebConnection.token)"))
    }

    @Test func thereIsNoRedirectToFollowOffSite() throws {
        let connection = try EmbeddedWebConnection()
        for target in ["//evil.example/?token=\(EmbeddedWebConnection.token)", "//evil.example/", "/\\evil.example/"] {
            let response = try connection.request("GET", target)
            #expect(response.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(target): \(response)")
            #expect(!response.contains("Location"), "\(target)")
        }
    }

    @Test func refusalsAre403WithTheReasonAndTheSecurityHeaders() throws {
        let connection = try EmbeddedWebConnection()
        let rebinding = try connection.request("GET", "/", headers: ["Host: evil.example:8080"])
        #expect(rebinding.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        #expect(rebinding.contains("Content-Security-Policy: default-src 'none'"))
        #expect(rebinding.hasSuffix("403 Forbidden: Host 'evil.example:8080' is not this server (DNS rebinding is refused)\n"))
        // A huge Host is echoed cut short, never whole.
        let huge = String(repeating: "h", count: 60_000) + "'\"[31m:8080"
        let refused = try connection.request("GET", "/", headers: ["Host: \(huge)"])
        #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        #expect(refused.utf8.count < 2_000, "\(refused.utf8.count) bytes")
        #expect(refused.contains("(59891 more characters)"), "\(refused)")
    }

    @Test func anUnreadableRequestGetsA400WithTheSecurityHeaders() throws {
        let connection = try EmbeddedWebConnection()
        try connection.receive(Array("GET / HTTP/1.1\r\nHost: \(EmbeddedWebConnection.host)\r\nBad Header\r\n\r\n".utf8))
        let response = String(decoding: try connection.sent(), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(response)")
        #expect(response.contains("Content-Security-Policy: default-src 'none'") && response.contains("X-Content-Type-Options: nosniff"))
        #expect(!connection.channel.isActive)
    }

    @Test func theWebSocketTakesTheTokenAsASubprotocolAndSelectsOnlyTheProtocols() throws {
        let connection = try EmbeddedWebConnection()
        let response = try connection.request("GET", "/rpc", headers: EmbeddedWebConnection.upgradeHeaders([
            "Origin: http://\(EmbeddedWebConnection.host)",
            "Sec-WebSocket-Protocol: slam.jsonrpc, slam.token.\(EmbeddedWebConnection.token)",
        ]))
        #expect(response.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"), "\(response)")
        #expect(response.contains("Sec-WebSocket-Protocol: slam.jsonrpc\r\n"))
        #expect(!response.contains("\(EmbeddedWebConnection.token)"), "the token is never echoed")
        try connection.receive(EmbeddedWebConnection.frame(0x1, Self.ping))
        #expect(EmbeddedWebConnection.frames(try connection.sent()).map { EmbeddedWebConnection.text($0.payload) }
                == [#"{"jsonrpc":"2.0","result":"pong","id":1}"#])
    }

    @Test(arguments: [
        ("/rpc", "Sec-WebSocket-Protocol: slam.jsonrpc, slam.token.\(WebToken())", "the token in the WebSocket subprotocol is wrong"),
        ("/rpc", "Sec-WebSocket-Protocol: slam.jsonrpc", "no token"),
        ("/rpc?token=\(EmbeddedWebConnection.token)", "Sec-WebSocket-Protocol: slam.jsonrpc", "no token"),
        ("/rpc", "Cookie: slam_token_8080=\(EmbeddedWebConnection.token)", "no token"),
    ])
    func anUpgradeWithoutTheRightTokenIsRefused(target: String, header: String, reason: String) throws {
        let connection = try EmbeddedWebConnection()
        let response = try connection.request("GET", target, headers: EmbeddedWebConnection.upgradeHeaders([header]))
        #expect(response.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(response)")
        #expect(response.contains("WWW-Authenticate: Bearer realm=\"slamd\"\r\n"), "\(response)")
        #expect(response.contains(reason), "\(response)")
        #expect(!connection.channel.isActive)
    }

    @Test func connectionsThatNeverSendAWholeRequestAreDroppedOldestFirst() throws {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let guards = ConnectionGuards.forTests(logger: logger, maximumWebConnections: 3, maximumUnservedWebConnections: 2)
        let served = try EmbeddedWebConnection(guards: guards)
        _ = try served.request("GET", "/")
        let first = try EmbeddedWebConnection(guards: guards)
        try first.receive(Array("GET / HTTP/1.1\r\nHo".utf8))
        let second = try EmbeddedWebConnection(guards: guards)
        #expect(first.channel.isActive && second.channel.isActive)
        let third = try EmbeddedWebConnection(guards: guards)
        #expect(!first.channel.isActive, "the oldest unserved connection made room")
        #expect(second.channel.isActive && third.channel.isActive && served.channel.isActive)
        _ = try second.request("GET", "/")
        _ = try third.request("GET", "/")
        let fourth = try EmbeddedWebConnection(guards: guards)
        #expect(!served.channel.isActive, "past the bound in all, the oldest connection goes")
        #expect(second.channel.isActive && third.channel.isActive && fourth.channel.isActive)
        #expect(guards.webConnections.counts == (all: 3, unserved: 1))
    }

    @Test func filesAreFoundByPlainNamesOnly() throws {
        let connection = try EmbeddedWebConnection()
        let bearer = ["Host: \(EmbeddedWebConnection.host)"]
        #expect(try connection.request("GET", "/index.html", headers: bearer).hasPrefix("HTTP/1.1 200 OK\r\n"))
        for path in ["/missing.js", "/lib", "/../index.html", "/%2e%2e/index.html", "/.index.html", "//index.html"] {
            #expect(try connection.request("GET", path, headers: bearer).hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(path)")
        }
        let head = try connection.request("HEAD", "/", headers: bearer)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("Content-Length: 34") && head.hasSuffix("\r\n\r\n"))
        let plainRPC = try connection.request("GET", "/rpc", headers: bearer + ["Authorization: Bearer \(EmbeddedWebConnection.token)"])
        #expect(plainRPC.hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"))
    }

    @Test func otherMethodsAndBodiesAreAnsweredAtOnceAndTheConnectionCloses() throws {
        let post = try EmbeddedWebConnection()
        let response = try post.request("POST", "/", headers: ["Host: \(EmbeddedWebConnection.host)", "Content-Length: 1000000"])
        #expect(response.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(response.contains("Connection: close"))
        #expect(!post.channel.isActive)
        let body = try EmbeddedWebConnection()
        let bodied = try body.request("GET", "/", headers: ["Host: \(EmbeddedWebConnection.host)", "Transfer-Encoding: chunked"])
        #expect(bodied.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(!body.channel.isActive)
    }

    @Test func anIdleConnectionIsClosedAfterTheTimeout() throws {
        let connection = try EmbeddedWebConnection(idleTimeoutSeconds: 30)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(connection.channel.isActive)
        // Half a request head does not count as activity.
        try connection.receive(Array("GET / HTTP/1.1\r\nHo".utf8))
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!connection.channel.isActive)

        let kept = try EmbeddedWebConnection(idleTimeoutSeconds: 30)
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        _ = try kept.request("GET", "/")
        kept.channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(kept.channel.isActive, "the deadline starts again after each response")
        kept.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!kept.channel.isActive)
    }

    @Test func anUpgradedConnectionIsAJSONRPCSessionInTextFrames() throws {
        let connection = try EmbeddedWebConnection(idleTimeoutSeconds: 30)
        try connection.upgrade()
        try connection.receive(EmbeddedWebConnection.frame(0x1, Self.ping))
        var frames = EmbeddedWebConnection.frames(try connection.sent())
        #expect(frames.map(\.opcode) == [0x1])
        #expect(frames.map { EmbeddedWebConnection.text($0.payload) } == [#"{"jsonrpc":"2.0","result":"pong","id":1}"#])

        // A message in three fragments, with a ping between them.
        let batch = Array(#"[{"jsonrpc":"2.0","method":"ping","id":2},{"jsonrpc":"2.0","method":"ping","id":3}]"#.utf8)
        try connection.receive(EmbeddedWebConnection.frame(0x1, Array(batch[..<10]), fin: false)
                               + EmbeddedWebConnection.frame(0x9, Array("hi".utf8))
                               + EmbeddedWebConnection.frame(0x0, Array(batch[10..<40]), fin: false)
                               + EmbeddedWebConnection.frame(0x0, Array(batch[40...])))
        frames = EmbeddedWebConnection.frames(try connection.sent())
        #expect(frames.map(\.opcode) == [0xA, 0x1])
        #expect(EmbeddedWebConnection.text(frames[0].payload) == "hi")
        #expect(EmbeddedWebConnection.text(frames[1].payload)
                == #"[{"jsonrpc":"2.0","result":"pong","id":2},{"jsonrpc":"2.0","result":"pong","id":3}]"#)

        // The idle deadline was for HTTP: a quiet WebSocket stays open.
        connection.channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(connection.channel.isActive)

        // The client closes: its code comes back, then the connection closes.
        try connection.receive(EmbeddedWebConnection.frame(0x8, [0x03, 0xE8]))
        frames = EmbeddedWebConnection.frames(try connection.sent())
        #expect(frames.map(\.opcode) == [0x8])
        #expect(EmbeddedWebConnection.closeCode(frames[0].payload) == 1000)
        #expect(!connection.channel.isActive)
    }

    @Test(arguments: [
        (EmbeddedWebConnection.frame(0x2, [1, 2, 3]), 1003, "binary frames are not accepted"),
        (EmbeddedWebConnection.frame(0x1, [0xFF, 0xFE]), 1007, "not UTF-8"),
        (EmbeddedWebConnection.frame(0x1, Array(WebPipelineTests.ping), masked: false), 1002, "must be masked"),
        (EmbeddedWebConnection.frame(0x0, [0x20]), 1002, "continuation frame without a message"),
        (EmbeddedWebConnection.frame(0x1, Array(repeating: 0x20, count: 2000)), 1009, "exceeds the limit of 1024 bytes"),
        (EmbeddedWebConnection.frame(0x1, Array(repeating: 0x20, count: 1000), fin: false)
            + EmbeddedWebConnection.frame(0x0, Array(repeating: 0x20, count: 1000)), 1009, "message exceeds the limit of 1024 bytes"),
    ])
    func badFramesCloseTheConnectionWithTheirCodeAndReason(frame: [UInt8], code: Int, reason: String) throws {
        let connection = try EmbeddedWebConnection(maximumMessageBytes: 1024)
        try connection.upgrade()
        try connection.receive(frame)
        let frames = EmbeddedWebConnection.frames(try connection.sent())
        #expect(frames.map(\.opcode) == [0x8])
        #expect(EmbeddedWebConnection.closeCode(frames.first?.payload ?? []) == code)
        let closeReason = EmbeddedWebConnection.text(Array((frames.first?.payload ?? []).dropFirst(2)))
        #expect(closeReason.contains(reason), "\(closeReason)")
        #expect(!connection.channel.isActive)
    }

    /// What the page asks when its WebSocket fails: `/rpc` with its token as a Bearer header, no upgrade.
    @Test func aPlainRequestForTheSocketTellsAStaleTokenFromAGoodOne() throws {
        let connection = try EmbeddedWebConnection()
        let good = try connection.request("GET", "/rpc", headers: ["Host: \(EmbeddedWebConnection.host)", "Authorization: Bearer \(EmbeddedWebConnection.token)"])
        #expect(good.hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"), "\(good)")
        let stale = try connection.request("GET", "/rpc", headers: ["Host: \(EmbeddedWebConnection.host)", "Authorization: Bearer \(WebToken())"])
        #expect(stale.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(stale)")
        #expect(stale.contains("\r\n\r\n401 Unauthorized: the token in the Authorization header is wrong"), "\(stale)")
    }

    /// The page's session follows the socket's order: a request sent behind a pending one runs after it.
    @Test func aWebSocketSessionsRequestsRunAfterItsPendingOnes() throws {
        let connection = try EmbeddedWebConnection()
        try connection.upgrade()
        let wait = Array(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"Count: 1","timeoutMs":60000},"id":1}"#.utf8)
        let find = Array(#"{"jsonrpc":"2.0","method":"find","params":{"ref":"count"},"id":2}"#.utf8)
        try connection.receive(EmbeddedWebConnection.frame(0x1, wait) + EmbeddedWebConnection.frame(0x1, find))
        #expect(try connection.sent().isEmpty, "the wait holds the find")
        // Another client satisfies the wait; the find runs on the loop's next turn and sees the new count.
        let other = ClientSession(identifier: 2) { _ in }
        connection.service.connect(other)
        connection.service.receive(Array(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"},"id":1}"#.utf8), from: other)
        connection.channel.embeddedEventLoop.run()
        let replies = EmbeddedWebConnection.frames(try connection.sent()).map { EmbeddedWebConnection.text($0.payload) }
        #expect(replies.count == 2, "\(replies)")
        #expect(replies.first?.contains(#""id":1"#) == true && replies.first?.contains("Count: 1") == true, "\(replies)")
        #expect(replies.last?.contains(#""id":2"#) == true && replies.last?.contains("Count: 1") == true, "the find ran after the wait: \(replies)")
    }

    @Test func anUpgradeWithoutTheTokenIsRefusedWithA401AndTheConnectionCloses() throws {
        let connection = try EmbeddedWebConnection()
        let response = try connection.request("GET", "/rpc", headers: EmbeddedWebConnection.upgradeHeaders([
            "Origin: http://\(EmbeddedWebConnection.host)",
        ]))
        #expect(response.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(response)")
        #expect(response.contains("Connection: close\r\n"))
        #expect(!response.lowercased().contains("sec-websocket-accept"))
        #expect(!connection.channel.isActive)
    }

    @Test func theSessionClosingSendsGoingAwayFirst() throws {
        let connection = try EmbeddedWebConnection()
        try connection.upgrade()
        let session = try connection.channel.pipeline.syncOperations.handler(type: SessionHandler.self)
        session.closeAfterFlush(reason: "the daemon is stopping")
        connection.channel.embeddedEventLoop.run()
        let frames = EmbeddedWebConnection.frames(try connection.sent())
        #expect(frames.map(\.opcode) == [0xA, 0x8], "the empty marker pong, then the close")
        #expect(EmbeddedWebConnection.closeCode(frames[1].payload) == 1001)
        #expect(!connection.channel.isActive)
    }
}
