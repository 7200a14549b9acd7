import SlamClient
import SlamDaemon
import SlamJSON
import SlamMCP
import SlamProtocol
import Synchronization

/// A handshake-revision client's session at `/mcp`: its own MCP server and daemon connection, when
/// it was last used, and its GET event stream, where what the server sends outside an answer
/// (`notifications/resources/updated`) goes.
final class MCPWebSession: Sendable {
    let id: String
    let server: MCPServer
    /// The instance made for this session (`slamd --mcp-instances`), closed when it ends; nil: it drives `main`.
    let instance: String?
    /// The daemon's socket, where the instance is closed from.
    let socketPath: String?
    private let state: Mutex<(lastUsed: ContinuousClock.Instant, stream: AsyncStream<JSONValue>.Continuation?, streamID: Int)>

    init(id: String, server: MCPServer, instance: String? = nil, socketPath: String? = nil) {
        self.id = id
        self.server = server
        self.instance = instance
        self.socketPath = socketPath
        state = Mutex((ContinuousClock.now, nil, 0))
    }

    /// When a request last came, or now while the event stream is open (a client waiting for updates is not idle).
    var lastUsed: ContinuousClock.Instant {
        state.withLock { $0.stream == nil ? $0.lastUsed : ContinuousClock.now }
    }

    func touch() {
        state.withLock { $0.lastUsed = ContinuousClock.now }
    }

    /// Sends a message on the event stream, when one is open; dropped otherwise (the transport allows it).
    func deliver(_ message: JSONValue) {
        state.withLock { _ = $0.stream?.yield(message) }
    }

    /// Serves the GET event stream until the client closes it (the task is cancelled) or the session ends,
    /// with a keep-alive comment every `keepAliveInterval`. A second GET takes over from the first, which ends.
    func serveStream(_ response: WebEndpointResponse, keepAliveInterval: Duration) async {
        let (messages, continuation) = AsyncStream<JSONValue>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let streamID = state.withLock { state in
            state.stream?.finish()
            state.stream = continuation
            state.streamID += 1
            return state.streamID
        }
        response.startStream(status: 200, headers: [("Content-Type", "text/event-stream")])
        await MCPWebExchange.keepingAlive(every: keepAliveInterval, beat: { response.write(MCPWebExchange.keepAliveComment) }) {
            for await message in messages {
                response.write(MCPWebExchange.event(message))
            }
        }
        state.withLock { state in
            if state.streamID == streamID {
                state.stream = nil
                state.lastUsed = ContinuousClock.now
            }
        }
        response.end()
    }

    /// Ends the session: its open subscriptions get their final answer, the event stream ends, its own
    /// instance (if it has one) is closed and the daemon connection closes.
    func end() {
        server.endSubscriptions()
        state.withLock { state in
            state.stream?.finish()
            state.stream = nil
        }
        let connection = server.session.connection
        connection.close()
        guard let instance, let socketPath else { return }
        Task {
            // On a connection of its own: the session's may still wait behind a pending waitFor. Should
            // this fail (the daemon is stopping), the daemon closes the instance once idle.
            guard let closer = try? AsyncSlamConnection(socketPath: socketPath) else { return }
            _ = try? await closer.send(InstanceCloseRequest(instance: instance))
            closer.close()
        }
    }
}
