import Logging
import NIOCore
import NIOEmbedded
import Synchronization
import Testing
@testable import SlamDaemon
#if canImport(Glibc)
import Glibc
#endif

/// A ``WebEndpoint`` on one `--web` connection's real pipeline (an `NIOAsyncTestingChannel`,
/// since the endpoint answers from a task of its own): the same refusals as `/rpc`, the bounded
/// body, whole and streamed answers, the handler's task cancelled when the client goes away.
final class EndpointConnection: Sendable {
    static let token = WebToken(bytes: Array(100..<132))
    static let host = "127.0.0.1:8080"
    static let bearer = "Authorization: Bearer \(token)"

    let channel = NIOAsyncTestingChannel()
    let log = LogRecords()
    let rootDirectory: String

    init(_ endpoint: WebEndpoint) async throws {
        var template = Array("/tmp/slam-endpoint-test-XXXXXX".utf8CString)
        rootDirectory = String(cString: mkdtemp(&template))
        let logger = Logger(label: "test") { [log] _ in MessageLogHandler { log.append($0) } }
        let server = try WebServer(
            configuration: WebConfiguration(address: WebAddress(host: "127.0.0.1", port: 8080), rootDirectory: rootDirectory,
                                            endpoints: [endpoint]),
            maximumMessageBytes: 1 << 20, maximumUnreadBytes: 64 << 20, token: Self.token, logger: logger)
        let channel = channel
        try await channel.testingEventLoop.executeInContext {
            try server.configure(channel, guards: .forTests(logger: logger)) { _ in nil }
        }
        channel.localAddress = try SocketAddress(ipAddress: "127.0.0.1", port: 8080)
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50000))
    }

    deinit {
        rmdir(rootDirectory)
    }

    /// Sends a request and returns what came back once `complete` says it is whole (a generous deadline).
    func request(_ method: String, _ target: String = "/mcp", headers: [String] = ["Host: \(host)", bearer], body: String = "",
                 until complete: (String) -> Bool = EndpointConnection.isWhole) async throws -> String {
        let lengths = body.isEmpty && method != "POST" ? [] : ["Content-Length: \(body.utf8.count)"]
        let text = "\(method) \(target) HTTP/1.1\r\n\((headers + lengths).map { $0 + "\r\n" }.joined())\r\n\(body)"
        try await send(Array(text.utf8))
        return try await received(until: complete)
    }

    /// Closes the connection and stops its event loop, so that nothing the test made outlives it
    /// (a refusal's scheduled log line holds the pipeline until the loop runs or stops).
    func close() async {
        try? await channel.close()
        try? await channel.testingEventLoop.shutdownGracefully()
    }

    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeInbound(channel.allocator.buffer(bytes: bytes))
    }

    /// What the server wrote, read until `complete` holds or five minutes passed (the whole suite, under the
    /// address sanitizer on two cores, can keep the handler's task from a thread for a minute and more).
    func received(until complete: (String) -> Bool = EndpointConnection.isWhole) async throws -> String {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            await channel.testingEventLoop.run()
            while let buffer = try await channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
            if complete(String(decoding: bytes, as: UTF8.self)) { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A response with a `Content-Length` whose body is all there.
    static func isWhole(_ text: String) -> Bool {
        guard let split = text.range(of: "\r\n\r\n"),
              let line = text[..<split.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).filter { $0 != " " }) else { return false }
        return text[split.upperBound...].utf8.count >= length
    }

    var isActive: Bool { channel.isActive }
}

/// The messages a logger was given.
final class LogRecords: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}

/// What the test endpoint saw: each request's method and body, and whether its task was cancelled.
final class EndpointProbe: Sendable {
    let requests = Mutex<[String]>([])
    let cancelled = Mutex(false)

    /// Echoes POSTs; `?stream` holds a stream open until the task is cancelled; `?refuse` refuses; `?silent` answers nothing.
    var endpoint: WebEndpoint {
        WebEndpoint(path: "/mcp", maximumBodyBytes: 64) { [self] request, response in
            requests.withLock { $0.append("\(request.method) \(String(decoding: request.body, as: UTF8.self))") }
            switch request.target {
            case "/mcp?stream":
                response.startStream(status: 200, headers: [("Content-Type", "text/event-stream")])
                response.write(Array("data: first\n\n".utf8))
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                cancelled.withLock { $0 = true }
            case "/mcp?refuse":
                response.refuse(status: 400, reason: "the X-Test header is 'bad'", body: Array("no".utf8))
            case "/mcp?silent":
                break
            default:
                response.send(status: 200, headers: [("Content-Type", "text/plain"), ("X-Seen", request.header("x-test") ?? "-")],
                              body: Array("\(request.method) \(request.body.count)".utf8))
            }
        }
    }
}

@Suite struct WebEndpointTests {
    @Test func anEndpointAnswersAnyMethodWithItsBodyOnAKeptAliveConnection() async throws {
        let probe = EndpointProbe()
        let connection = try await EndpointConnection(probe.endpoint)
        let post = try await connection.request("POST", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer,
                                                                  "X-Test: yes"],
                                                body: #"{"a":1}"#)
        #expect(post.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(post)")
        #expect(post.contains("X-Seen: yes\r\n") && post.contains("Content-Length: 6\r\n"), "\(post)")
        #expect(post.contains("Content-Security-Policy: default-src 'none'"), "the security headers of every web response")
        #expect(post.hasSuffix("\r\n\r\nPOST 7"))
        let delete = try await connection.request("DELETE")
        #expect(delete.hasPrefix("HTTP/1.1 200 OK\r\n") && delete.hasSuffix("DELETE 0"), "\(delete)")
        #expect(connection.isActive)
        #expect(probe.requests.withLock { $0 } == [#"POST {"a":1}"#, "DELETE "])
        await connection.close()
    }

    @Test(arguments: [
        (["Host: \(EndpointConnection.host)"], "401 Unauthorized", "no token"),
        (["Host: \(EndpointConnection.host)", "Authorization: Bearer \(WebToken())"], "401 Unauthorized",
         "the token in the Authorization header is wrong"),
        (["Host: evil.example:8080", EndpointConnection.bearer], "403 Forbidden", "DNS rebinding is refused"),
        (["Host: \(EndpointConnection.host)", EndpointConnection.bearer, "Origin: http://evil.example"], "403 Forbidden",
         "is not this server's origin"),
    ])
    func theEndpointIsRefusedAsRPCIsWithoutRunning(headers: [String], status: String, reason: String) async throws {
        let probe = EndpointProbe()
        let connection = try await EndpointConnection(probe.endpoint)
        let response = try await connection.request("POST", headers: headers, body: "{}")
        #expect(response.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(response)")
        #expect(response.contains(reason), "\(response)")
        #expect(probe.requests.withLock { $0 }.isEmpty)
        #expect(connection.log.all.contains { $0.hasPrefix("refused a web request for /mcp: ") && $0.contains(reason) },
                "\(connection.log.all)")
        #expect(!connection.isActive, "the body is never read: the connection closes")
        await connection.close()
    }

    @Test func aBodyOverTheBoundIsRefusedWith413() async throws {
        let probe = EndpointProbe()
        let announced = try await EndpointConnection(probe.endpoint)
        let response = try await announced.request("POST", body: String(repeating: "x", count: 65))
        #expect(response.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"), "\(response)")
        #expect(!announced.isActive)
        // Chunked, without a length: refused once the body read so far passes the bound.
        let chunked = try await EndpointConnection(probe.endpoint)
        try await chunked.send(Array(("POST /mcp HTTP/1.1\r\nHost: \(EndpointConnection.host)\r\n\(EndpointConnection.bearer)\r\n"
                                      + "Transfer-Encoding: chunked\r\n\r\n").utf8))
        try await chunked.send(Array("28\r\n\(String(repeating: "y", count: 40))\r\n28\r\n\(String(repeating: "y", count: 40))\r\n".utf8))
        let refused = try await chunked.received()
        #expect(refused.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"), "\(refused)")
        #expect(probe.requests.withLock { $0 }.isEmpty)
        #expect(chunked.log.all.contains { $0.contains("refused a web request for /mcp: the body is longer than 64 bytes") })
        await announced.close()
        await chunked.close()
    }

    @Test func aStreamStaysOpenUntilTheClientGoesAndThenItsTaskIsCancelled() async throws {
        let probe = EndpointProbe()
        let connection = try await EndpointConnection(probe.endpoint)
        let head = try await connection.request("POST", "/mcp?stream", body: "{}") { $0.contains("data: first") }
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(head)")
        #expect(head.lowercased().contains("transfer-encoding: chunked"), "\(head)")
        #expect(head.contains("Content-Type: text/event-stream"))
        #expect(!probe.cancelled.withLock { $0 })
        try await connection.channel.close()
        let deadline = ContinuousClock.now + .seconds(300)
        while !probe.cancelled.withLock({ $0 }) && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(probe.cancelled.withLock { $0 }, "closing the connection cancels the task answering it")
        await connection.close()
    }

    @Test func aRefusalOfTheEndpointIsLoggedAndAnUnansweredRequestGetsA500() async throws {
        let probe = EndpointProbe()
        let connection = try await EndpointConnection(probe.endpoint)
        let refused = try await connection.request("POST", "/mcp?refuse", body: "{}")
        #expect(refused.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && refused.hasSuffix("\r\n\r\nno"), "\(refused)")
        #expect(connection.log.all.contains("refused a web request for /mcp: the X-Test header is 'bad'"), "\(connection.log.all)")
        let silent = try await connection.request("POST", "/mcp?silent", body: "{}")
        #expect(silent.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"), "\(silent)")
        #expect(connection.isActive)
        await connection.close()
    }

    @Test func otherPathsStayGETOnly() async throws {
        let connection = try await EndpointConnection(EndpointProbe().endpoint)
        let response = try await connection.request("POST", "/other", body: "{}")
        #expect(response.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(response)")
        await connection.close()
    }
}
