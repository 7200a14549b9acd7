import SlamDaemon
import SlamJSON
import SlamMCP
import Synchronization

/// Where the MCP server's messages for one POST to `/mcp` go: the answer as one JSON body, or,
/// once a notification comes before it (`subscriptions/listen`'s acknowledgement), an event stream
/// that ends with the answer. An error the server answers before any notification (a listen's bad
/// envelope) is thus plain JSON with its HTTP status. What comes after the answer goes to
/// `afterAnswer` (a handshake session's GET stream; nowhere for a stateless request).
final class MCPWebExchange: MCPOutput {
    private enum Phase { case pending, streaming, answered }

    /// The id of the request answered here; nil for a notification (everything goes to `afterAnswer`).
    private let requestID: JSONValue?
    /// Whether a batch (an array, 2025-03-26 only) is answered here: its answer is the array of responses.
    private let isBatch: Bool
    private let response: WebEndpointResponse
    /// Headers the answer carries (a new session's `Mcp-Session-Id`).
    private let headers: [(String, String)]
    /// The HTTP status of a JSON answer.
    private let status: @Sendable (_ answer: JSONValue) -> Int
    private let afterAnswer: @Sendable (JSONValue) -> Void
    private let state = Mutex<(phase: Phase, answer: JSONValue?)>((.pending, nil))

    init(answering requestID: JSONValue?, batch isBatch: Bool = false, response: WebEndpointResponse,
         headers: [(String, String)] = [], status: @escaping @Sendable (JSONValue) -> Int,
         afterAnswer: @escaping @Sendable (JSONValue) -> Void) {
        self.requestID = requestID
        self.isBatch = isBatch
        self.response = response
        self.headers = headers
        self.status = status
        self.afterAnswer = afterAnswer
        if requestID == nil && !isBatch { state.withLock { $0.phase = .answered } }
    }

    /// The response sent for the request, once it was.
    var answer: JSONValue? { state.withLock { $0.answer } }

    /// Writes ``keepAliveComment`` while the event stream is open.
    func keepAlive() {
        state.withLock { state in
            if state.phase == .streaming { response.write(Self.keepAliveComment) }
        }
    }

    func send(_ message: JSONValue) {
        let isAnswer = isBatch ? message.arrayValue != nil
            : requestID != nil && message["method"] == nil && message["id"] == requestID
        let forwarded = state.withLock { state -> Bool in
            // Sent under the lock: the connection gets the messages in the order they were sent.
            switch (state.phase, isAnswer) {
            case (.answered, _):
                return true
            case (.pending, true):
                state.phase = .answered
                state.answer = message
                response.send(status: status(message), headers: [("Content-Type", "application/json")] + headers,
                              body: Self.bytes(message))
            case (.pending, false):
                state.phase = .streaming
                response.startStream(status: 200, headers: [("Content-Type", "text/event-stream")] + headers)
                response.write(Self.event(message))
            case (.streaming, _):
                response.write(Self.event(message))
                if isAnswer {
                    state.phase = .answered
                    state.answer = message
                    response.end()
                }
            }
            return false
        }
        if forwarded { afterAnswer(message) }
    }

    /// A message as compact JSON (one the serializer refuses, a non-finite number, becomes an internal error).
    static func bytes(_ message: JSONValue) -> [UInt8] {
        (try? JSONSerializer().serialize(message))
            ?? Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"unserializable answer"}}"#.utf8)
    }

    /// An event stream's comment line, which clients ignore: sent while nothing else is, it keeps a
    /// client that reads with a timeout (the Python SDK's is 5 minutes) and proxies from closing a quiet stream.
    static let keepAliveComment = Array(": keep-alive\n\n".utf8)

    /// Runs `body`; meanwhile calls `beat` every `interval`, until `body` returns or the task is cancelled.
    static func keepingAlive(every interval: Duration, beat: @escaping @Sendable () -> Void,
                             _ body: () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while (try? await Task.sleep(for: interval)) != nil { beat() }
            }
            await body()
            group.cancelAll()
        }
    }

    /// One server-sent event; compact JSON never holds a raw line break, so one `data:` line carries it.
    static func event(_ message: JSONValue) -> [UInt8] {
        Array("event: message\ndata: ".utf8) + bytes(message) + Array("\n\n".utf8)
    }
}
