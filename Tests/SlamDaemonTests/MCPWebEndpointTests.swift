import Logging
import SlamDaemon
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import Testing
@testable import SlamHost

/// SlamHost's `/mcp` on a `--web` connection's real pipeline, against a demo daemon in this process:
/// what its event streams carry while the screen is quiet.
@Suite struct MCPWebEndpointTests {
    static let envelope = #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"#
        + #""io.modelcontextprotocol/clientInfo":{"name":"test","version":"1"}}"#

    /// The endpoint of a demo daemon, its keep-alive shortened from 15 seconds so that a test sees several.
    static func endpoint(_ app: SlamApp) -> WebEndpoint {
        MCPWebEndpoint(socketPath: app.socketPath, logger: Logger(label: "test"), keepAliveInterval: .milliseconds(50)).endpoint
    }

    /// Where the stream's keep-alive comments start, in its bytes (a chunk's `\r\n` is one Character in a String).
    static func comments(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        let comment = Array("\n: keep-alive\n\n".utf8)
        guard bytes.count >= comment.count else { return [] }
        return (0...(bytes.count - comment.count)).filter { bytes[$0..<($0 + comment.count)].elementsEqual(comment) }
    }

    /// Two comments at least: one every interval, not one in all.
    static func keptAlive(_ text: String) -> Bool {
        comments(text).count >= 2
    }

    @Test func aQuietListenCarriesAKeepAliveCommentAfterItsAcknowledgement() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try await EndpointConnection(Self.endpoint(app))
        let listen = #"{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"_meta":\#(Self.envelope),"#
            + #""notifications":{"resourceSubscriptions":["slam://screen"]}}}"#
        let stream = try await connection.request(
            "POST",
            headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, "Content-Type: application/json",
                      "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: subscriptions/listen"],
            body: listen, until: Self.keptAlive)
        #expect(stream.hasPrefix("HTTP/1.1 200 OK\r\n") && stream.contains("Content-Type: text/event-stream"), "\(stream)")
        let acknowledged = try #require(stream.utf8.firstRange(of: "notifications/subscriptions/acknowledged".utf8), "\(stream)")
        let firstComment = try #require(Self.comments(stream).first, "no keep-alive comment: \(stream)")
        #expect(stream.utf8.distance(from: stream.utf8.startIndex, to: acknowledged.upperBound) < firstComment, "\(stream)")
        #expect(Self.keptAlive(stream), "a comment every interval, not once: \(stream)")
        // Closing the connection ends the listen (its task, and what it holds).
        await connection.close()
    }

    @Test func aSessionsQuietEventStreamCarriesAKeepAliveComment() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try await EndpointConnection(Self.endpoint(app))
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","#
            + #""capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
        let started = try await connection.request(
            "POST", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, "Content-Type: application/json"],
            body: initialize)
        let sessionLine = try #require(started.split(separator: "\r\n").first { $0.lowercased().hasPrefix("mcp-session-id:") },
                                       "\(started)")
        let stream = try await connection.request(
            "GET", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, String(sessionLine)],
            until: Self.keptAlive)
        #expect(stream.hasPrefix("HTTP/1.1 200 OK\r\n") && stream.contains("Content-Type: text/event-stream"), "\(stream)")
        #expect(Self.keptAlive(stream), "no keep-alive comments: \(stream)")
        await connection.close()
    }

    @Test func withInstancesEachSessionDrivesAnInstanceOfItsOwnClosedWhenItEnds() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let endpoint = MCPWebEndpoint(socketPath: app.socketPath, logger: Logger(label: "test"), instancePerSession: true).endpoint
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","#
            + #""capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
        var sessionLines: [String] = []
        var connections: [EndpointConnection] = []
        for _ in 0..<2 {
            let connection = try await EndpointConnection(endpoint)
            let started = try await connection.request(
                "POST", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, "Content-Type: application/json"],
                body: initialize)
            sessionLines.append(String(try #require(started.split(separator: "\r\n").first { $0.lowercased().hasPrefix("mcp-session-id:") },
                                                    "\(started)")))
            connections.append(connection)
        }
        let made = try app.connection.instances().filter { $0.label?.hasPrefix("MCP session ") == true }
        #expect(made.count == 2 && made.allSatisfy { $0.connections == 1 }, "\(made)")
        // A tool call of the first session presses in its instance only.
        let press = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slam_press","arguments":{"target":"increment"}}}"#
        let pressed = try await connections[0].request(
            "POST", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, "Content-Type: application/json",
                              "MCP-Protocol-Version: 2025-11-25", sessionLines[0]], body: press)
        #expect(pressed.hasPrefix("HTTP/1.1 200 OK") && pressed.contains("Pressed"), "\(pressed)")
        #expect(try app.label("count").text() == "Count: 0", "main is untouched")
        let counts = try made.map { instance -> String? in
            let reader = try app.connect()
            defer { reader.close() }
            try reader.useInstance(instance.instance)
            return try reader.find("count").text
        }
        #expect(counts.sorted(by: { ($0 ?? "") < ($1 ?? "") }) == ["Count: 0", "Count: 1"], "one session's press, in its own instance")
        // Ending a session closes its instance.
        let ended = try await connections[0].request("DELETE", headers: ["Host: \(EndpointConnection.host)", EndpointConnection.bearer, sessionLines[0]])
        #expect(ended.hasPrefix("HTTP/1.1 20"), "\(ended)")
        var open = made.count
        for _ in 0..<2_400 where open != 1 {   // up to a minute: the close is sent from a connection of its own
            try await Task.sleep(for: .milliseconds(25))
            open = try app.connection.instances().filter { $0.label?.hasPrefix("MCP session ") == true }.count
        }
        #expect(open == 1)
        for connection in connections { await connection.close() }
    }
}
