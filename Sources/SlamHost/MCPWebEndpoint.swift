import Logging
import SlamClient
import SlamDaemon
import SlamJSON
import SlamMCP
import SlamProtocol
import Synchronization

/// MCP's Streamable HTTP transport at `/mcp` on `slamd --web`'s listener, behind the same token,
/// `Host` and `Origin` checks as `/rpc` (the daemon checks them before a request gets here).
///
/// Every MCP server here is a client of the daemon like any other: it talks to the daemon's own
/// Unix socket through an `AsyncSlamConnection`, so limits, actions and recording apply as to any client.
///
/// - 2026-07-28 (stateless): each message is a POST; the answer is a JSON body, or an event stream
///   once a notification comes first (`subscriptions/listen`'s acknowledgement), held open until
///   the client closes it (which cancels the task running the request, and with it the
///   subscription); a listen refused before that (a bad envelope) is answered as JSON, 400. `MCP-Protocol-Version`, `Mcp-Method` and,
///   for `tools/call`, `resources/read` and `prompts/get`, `Mcp-Name` must match the body (400 and
///   -32020 otherwise). All stateless requests share one MCP server (one daemon connection): the
///   revision keeps nothing between requests, and what the tools remember (a recorded flow) is the
///   daemon's one session of stateless agents, whose requests the daemon answers in order (a wait
///   holds the next). Notifications are acknowledged with 202 and dropped:
///   the revision has none a client sends over HTTP, and a shared server must not let one client
///   cancel another's request.
/// - The handshake revisions (2025-11-25, 2025-06-18, 2025-03-26): a POST of `initialize` starts a
///   session with its own MCP server and daemon connection; the answer carries `Mcp-Session-Id`,
///   every later request must carry it (404 when unknown or ended). GET with it opens the session's
///   event stream (resource updates), DELETE ends the session. A 2025-03-26 session takes a batch
///   (an array) too, answered with one array; the other revisions refuse one. At most
///   ``maximumSessions`` live at once: one unused for ``sessionIdleTimeout`` ends at the next
///   request, and a new session past the bound ends the least recently used.
///
/// With ``instancePerSession`` (`slamd --mcp-instances`), each handshake session drives an isolated
/// instance of the daemon's application of its own, made at `initialize` and closed when the session
/// ends, so that agents do not see each other's clicks; the stateless requests share one, made at
/// the first. Without it every session drives the daemon's `main` instance, as a person does.
///
/// Every open event stream carries a keep-alive comment every ``keepAliveInterval``, so that a
/// quiet screen does not let a client's read timeout close a listen.
final class MCPWebEndpoint: Sendable {
    static let path = "/mcp"
    /// An MCP message is small (a tool call's arguments): a larger body is refused with 413.
    static let maximumBodyBytes = 1 << 20
    static let maximumSessions = 32
    static let sessionIdleTimeout = Duration.seconds(30 * 60)
    /// How often an open event stream carries a comment when nothing else was due: well inside the
    /// read timeouts of clients (the Python SDK: 5 minutes) and of proxies (often a minute).
    static let keepAliveInterval = Duration.seconds(15)
    static let statelessVersion = MCPRevision.stateless.rawValue
    static let handshakeVersions = Set(MCPRevision.handshake.map(\.rawValue))
    /// The parameter `Mcp-Name` mirrors, per method.
    static let namedParameters = ["tools/call": "name", "resources/read": "uri", "prompts/get": "name"]

    private let socketPath: String
    private let logger: Logger
    private let keepAliveInterval: Duration
    /// Whether each session gets an instance of its own (see the type's summary).
    let instancePerSession: Bool
    /// The server every stateless request shares, made at the first one.
    private let shared = Mutex<Task<MCPServer, any Error>?>(nil)
    private let sessions = Mutex<[String: MCPWebSession]>([:])

    /// - Parameter keepAliveInterval: how often an open event stream gets a comment (tests shorten it).
    /// - Parameter instancePerSession: whether each session gets an instance of its own (`slamd --mcp-instances`).
    init(socketPath: String, logger: Logger, keepAliveInterval: Duration = MCPWebEndpoint.keepAliveInterval,
         instancePerSession: Bool = false) {
        self.socketPath = socketPath
        self.logger = logger
        self.keepAliveInterval = keepAliveInterval
        self.instancePerSession = instancePerSession
    }

    /// The hook `slamd --web` serves the path with.
    var endpoint: WebEndpoint {
        WebEndpoint(path: Self.path, maximumBodyBytes: Self.maximumBodyBytes) { [self] request, response in
            await handle(request, response)
        }
    }

    func handle(_ request: WebEndpointRequest, _ response: WebEndpointResponse) async {
        endIdleSessions()
        let sessionID = request.header("Mcp-Session-Id")
        switch request.method {
        case "POST":
            await post(request, sessionID: sessionID, response)
        case "GET", "DELETE":
            guard let sessionID else {
                refuse(response, 405, -32600, "\(request.method) \(Self.path) needs the Mcp-Session-Id of a session "
                       + "`initialize` started; 2026-07-28 requests are POSTs", headers: [("Allow", "POST")])
                return
            }
            guard let session = session(sessionID, response) else { return }
            if request.method == "GET" {
                await session.serveStream(response, keepAliveInterval: keepAliveInterval)
            } else {
                end(session, because: "the client ended it")
                response.send(status: 200)
            }
        default:
            refuse(response, 405, -32600, "\(Self.path) takes POST (and GET and DELETE within a session)",
                   headers: [("Allow", "POST, GET, DELETE")])
        }
    }

    // MARK: - POST

    private func post(_ request: WebEndpointRequest, sessionID: String?, _ response: WebEndpointResponse) async {
        let contentType = request.header("Content-Type")?.split(separator: ";").first
            .map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        guard contentType == "application/json" else {
            refuse(response, 415, -32600, "a POST to \(Self.path) carries one JSON-RPC message as Content-Type: application/json")
            return
        }
        let message: JSONValue
        do {
            message = try JSONParser().parse(request.body)
        } catch {
            refuse(response, 400, -32700, "Parse error: \(WebEndpointResponse.loggable(String(describing: error)))")
            return
        }
        let isBatch = message.arrayValue != nil
        if let sessionID {
            guard isBatch || message["jsonrpc"] == "2.0" else {
                refuse(response, 400, -32600, Self.notOneMessage)
                return
            }
            guard let session = session(sessionID, response) else { return }
            if let version = request.header("MCP-Protocol-Version"), !Self.handshakeVersions.contains(version) {
                refuse(response, 400, -32600,
                       "MCP-Protocol-Version '\(WebEndpointResponse.loggable(version))' is not a revision this session speaks")
                return
            }
            if isBatch, session.server.negotiatedRevision != .march2025 {
                refuse(response, 400, -32600, Self.batchRefusal
                       + "; this session speaks \(session.server.negotiatedRevision?.rawValue ?? "no revision yet")")
                return
            }
            await exchange(message, with: session.server, response, afterAnswer: { session.deliver($0) })
            return
        }
        guard case .object(let object) = message, object["jsonrpc"] == "2.0" else {
            refuse(response, 400, -32600, isBatch ? Self.batchRefusal : Self.notOneMessage)
            return
        }
        let method = object["method"]?.stringValue
        if method == "initialize" {
            await initialize(message, response)
        } else {
            await postStateless(request, object, method: method, response)
        }
    }

    private func postStateless(_ request: WebEndpointRequest, _ object: JSONValue.Object, method: String?,
                               _ response: WebEndpointResponse) async {
        guard object["id"] != nil else {
            if let version = request.header("MCP-Protocol-Version"), version != Self.statelessVersion,
               !Self.handshakeVersions.contains(version) {
                refuse(response, 400, -32022, "Unsupported protocol version",
                       data: ["supported": [.string(Self.statelessVersion)], "requested": .string(version)])
                return
            }
            response.send(status: 202)
            return
        }
        guard let method else {
            refuse(response, 400, -32600, Self.notOneMessage)
            return
        }
        if let mismatch = Self.headerMismatch(request, method: method, params: object["params"]) {
            refuse(response, 400, -32020, mismatch, id: object["id"] ?? .null)
            return
        }
        let server: MCPServer
        do {
            server = try await sharedServer()
        } catch {
            answerUnreachable(error, id: object["id"] ?? .null, response)
            return
        }
        await exchange(.object(object), with: server, response, status: Self.statelessStatus(of:), afterAnswer: { _ in })
    }

    /// Why a body that is not a JSON-RPC 2.0 object (nor an allowed batch) is refused.
    static let notOneMessage = "the body must be one JSON-RPC 2.0 request or notification object"
    /// Why a batch is refused outside a 2025-03-26 session (the only revision whose transport has them).
    static let batchRefusal = "a batch (an array) belongs to MCP's revision 2025-03-26 only, in a session "
        + "initialize started with it; send one message at a time"

    /// The first header of `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` that does not match the body, in words.
    ///
    /// The version is compared once the body's `_meta` names one: a body without it gets the server's -32602.
    static func headerMismatch(_ request: WebEndpointRequest, method: String, params: JSONValue?) -> String? {
        for name in ["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name"] where request.headers(named: name).count > 1 {
            return "the \(name) header appears more than once"
        }
        if let version = params?["_meta"]?["io.modelcontextprotocol/protocolVersion"],
           request.header("MCP-Protocol-Version").map(JSONValue.string) != version {
            return "the MCP-Protocol-Version header does not match the request's _meta protocol version"
        }
        guard request.header("Mcp-Method") == method else {
            return "the Mcp-Method header does not match the request body's method"
        }
        if let key = namedParameters[method], let value = params?[key]?.stringValue,
           request.header("Mcp-Name").map(decodedHeaderValue) != value {
            return "the Mcp-Name header does not match the request body's '\(key)' parameter"
        }
        return nil
    }

    /// A header value as the client meant it: `=?base64?…?=` carries text that is not plain ASCII.
    static func decodedHeaderValue(_ value: String) -> String {
        guard value.hasPrefix("=?base64?"), value.hasSuffix("?="), value.count >= 11 else { return value }
        let encoded = value.dropFirst("=?base64?".count).dropLast(2)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var bits = 0
        var count = 0
        var bytes: [UInt8] = []
        for byte in encoded.utf8 where byte != UInt8(ascii: "=") {
            guard let index = alphabet.firstIndex(of: byte) else { return value }
            bits = bits << 6 | index
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8((bits >> count) & 0xFF))
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? value
    }

    /// The HTTP status of a stateless answer: a JSON-RPC error of the request's shape or of the
    /// protocol's envelope is 400, an unknown method 404 (as the revision's transport says), else 200.
    static func statelessStatus(of answer: JSONValue) -> Int {
        switch answer["error"]?["code"]?.integerValue {
        case -32700, -32600, -32602, -32020, -32021, -32022: 400
        case -32601: 404
        default: 200
        }
    }

    // MARK: - Answering

    /// Runs one message (or a 2025-03-26 batch) through `server`, answering on `response`; returns
    /// once it is answered (a subscription: once the client closed its stream).
    @discardableResult
    private func exchange(_ message: JSONValue, with server: MCPServer, _ response: WebEndpointResponse,
                          headers: [(String, String)] = [], status: @escaping @Sendable (JSONValue) -> Int = { _ in 200 },
                          afterAnswer: @escaping @Sendable (JSONValue) -> Void) async -> JSONValue? {
        let id = message["method"] != nil ? message["id"] : nil
        let isBatch = message.arrayValue != nil
        let output = MCPWebExchange(answering: id, batch: isBatch, response: response, headers: headers, status: status,
                                    afterAnswer: afterAnswer)
        await MCPWebExchange.keepingAlive(every: keepAliveInterval, beat: output.keepAlive) {
            await server.receive(message, output: output)
        }
        if Task.isCancelled { logger.debug("a request at \(Self.path) ended: the client closed its stream") }
        // A notification, a client's response, a batch of only those: accepted.
        if id == nil && output.answer == nil { response.send(status: 202) }
        return output.answer
    }

    private func answerUnreachable(_ error: any Error, id: JSONValue, _ response: WebEndpointResponse) {
        logger.error("/mcp cannot reach slamd's socket \(socketPath): \(error)")
        let answer: JSONValue = ["jsonrpc": "2.0", "id": id,
                                 "error": ["code": -32603, "message": .string("cannot reach slamd's socket: \(error)")]]
        response.send(status: 500, headers: [("Content-Type", "application/json")], body: MCPWebExchange.bytes(answer))
    }

    /// Refuses the request with a JSON-RPC error body (no id unless given), logged as the web server's refusals are.
    private func refuse(_ response: WebEndpointResponse, _ status: Int, _ code: Int64, _ message: String,
                        data: JSONValue.Object? = nil, id: JSONValue = .null, headers: [(String, String)] = []) {
        var error: JSONValue.Object = ["code": .integer(code), "message": .string(message)]
        if let data { error["data"] = .object(data) }
        let body: JSONValue = ["jsonrpc": "2.0", "id": id, "error": .object(error)]
        response.refuse(status: status, reason: message, headers: [("Content-Type", "application/json")] + headers,
                        body: MCPWebExchange.bytes(body))
    }

    // MARK: - Servers and sessions

    private func sharedServer() async throws -> MCPServer {
        let task = shared.withLock { shared in
            if let shared { return shared }
            let made = Task { [socketPath, instancePerSession] in
                try await Self.makeServer(socketPath: socketPath, shared: true, ownInstance: instancePerSession ? "MCP stateless agents" : nil).server
            }
            shared = made
            return made
        }
        do {
            return try await task.value
        } catch {
            shared.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    /// A server on a connection of its own; `shared` by every stateless agent, it builds on nothing it showed before.
    /// With `ownInstance` (a label), the connection makes an instance of its own and uses it; its handle is returned.
    private static func makeServer(socketPath: String, shared: Bool = false,
                                   ownInstance label: String? = nil) async throws -> (server: MCPServer, instance: String?) {
        let connection = try AsyncSlamConnection(socketPath: socketPath)
        let session = MCPSession(connection: connection, remembersWhatItShowed: !shared)
        var instance: String?
        do {
            if let label {
                let made = try await connection.send(InstanceCreateRequest(label: label)).instance
                instance = made
                _ = try await connection.send(InstanceUseRequest(instance: made))
            }
            try await session.start()
        } catch {
            connection.close()
            throw error
        }
        return (MCPServer(session: session), instance)
    }

    /// Starts a handshake session: its answer carries the new `Mcp-Session-Id`; a failed `initialize` keeps none.
    private func initialize(_ message: JSONValue, _ response: WebEndpointResponse) async {
        let server: (server: MCPServer, instance: String?)
        let id = Self.newSessionID()
        do {
            server = try await Self.makeServer(socketPath: socketPath, ownInstance: instancePerSession ? "MCP session \(id.prefix(8))" : nil)
        } catch {
            answerUnreachable(error, id: message["id"] ?? .null, response)
            return
        }
        let session = MCPWebSession(id: id, server: server.server, instance: server.instance, socketPath: socketPath)
        let evicted = sessions.withLock { sessions -> MCPWebSession? in
            var evicted: MCPWebSession?
            if sessions.count >= Self.maximumSessions, let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
                sessions[oldest.id] = nil
                evicted = oldest
            }
            sessions[session.id] = session
            return evicted
        }
        if let evicted { end(evicted, because: "\(Self.maximumSessions) sessions are open and it was the least recently used") }
        let answer = await exchange(message, with: server.server, response, headers: [("Mcp-Session-Id", session.id)],
                                    afterAnswer: { session.deliver($0) })
        if answer?["result"] == nil {
            sessions.withLock { _ = $0.removeValue(forKey: session.id) }
            session.end()
        }
    }

    /// The live session `id` names, touched; nil after answering 404.
    private func session(_ id: String, _ response: WebEndpointResponse) -> MCPWebSession? {
        guard let session = sessions.withLock({ $0[id] }) else {
            refuse(response, 404, -32600, "Session not found: no live session has this Mcp-Session-Id "
                   + "(it ended, or the daemon restarted); start another with initialize")
            return nil
        }
        session.touch()
        return session
    }

    private func end(_ session: MCPWebSession, because reason: String) {
        sessions.withLock { _ = $0.removeValue(forKey: session.id) }
        session.end()
        logger.info("ended an MCP session at \(Self.path): \(reason)")
    }

    private func endIdleSessions() {
        let deadline = ContinuousClock.now - Self.sessionIdleTimeout
        let idle = sessions.withLock { sessions in sessions.values.filter { $0.lastUsed < deadline } }
        for session in idle { end(session, because: "unused for \(Self.sessionIdleTimeout)") }
    }

    /// 128 bits from the system's random generator, as 32 hex digits.
    private static func newSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
