import SlamJSON
import SlamProtocol
import SlamRPC
import SlamSuggestions
import Synchronization

/// The MCP server without a transport: takes JSON-RPC messages, answers them through an output.
///
/// One server per agent connection (a `slamctl mcp` process, an HTTP session); it remembers the
/// protocol revision a handshake chose. Requests of the stateless revision carry theirs.
/// Requests are answered concurrently (a `subscriptions/listen` stays open while tools are called),
/// but tool calls run one at a time, in the order they came, each answering what it alone changed.
public final class MCPServer: Sendable {
    public let session: MCPSession
    public let tools: [MCPTool]

    /// What `initialize` chose for this connection (nil: no handshake, requests carry their revision).
    let handshakeRevision = Mutex<MCPRevision?>(nil)
    /// Requests being answered, so that `notifications/cancelled` can stop one.
    private let requests = Mutex(Requests())

    /// The requests being answered, and the tool calls read but waiting for their turn (with whether
    /// one was cancelled meanwhile): one lock, so that a cancellation finds a request in one or the other.
    private struct Requests {
        var running: [RequestID: Task<Void, Never>] = [:]
        var waiting: [RequestID: Bool] = [:]
    }
    /// Open `subscriptions/listen` requests (finishing one ends that subscription gracefully), and
    /// whether ``endSubscriptions()`` ended them all (a listen arriving after that ends at once).
    let openListens = Mutex<(ended: Bool, all: [RequestID: AsyncStream<Void>.Continuation])>((false, [:]))
    /// The handshake revisions' `resources/subscribe`: where their updates go, and what sends them.
    let legacySubscription = Mutex<LegacySubscription>(LegacySubscription())
    /// Tool calls run one at a time (see ``ToolCallQueue``).
    let toolCalls = ToolCallQueue()

    public init(session: MCPSession, tools: [MCPTool] = SlamTools.all) {
        self.session = session
        self.tools = tools
    }

    /// Handles one incoming message and returns once it is answered (a subscription: once it ended).
    ///
    /// Cancelling the task that runs it ends a subscription (an HTTP client closed its stream);
    /// a cancelled request gets no answer.
    public func receive(_ message: JSONValue, output: some MCPOutput) async {
        if case .array(let batch) = message, !batch.isEmpty, handshakeRevision.withLock({ $0 }) == .march2025 {
            await receive(batch: batch, output: output)
            return
        }
        guard case .object(let object) = message else {
            let reason = message.arrayValue != nil
                ? "batches are not part of MCP (only of its revision 2025-03-26); send one message at a time"
                : "a message is a JSON object, not \("aeiou".contains(message.typeName.first!) ? "an" : "a") \(message.typeName)"
            output.send(Self.errorResponse(id: .null, .invalidRequest(reason)))
            return
        }
        let id = object["id"].flatMap(RequestID.init(jsonValue:))
        guard object["jsonrpc"] == "2.0" else {
            output.send(Self.errorResponse(id: id ?? .null, .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
            return
        }
        guard let method = object["method"]?.stringValue else {
            // A response from the client: the server sends no requests, so there is nothing to match it with.
            if object["result"] != nil || object["error"] != nil { return }
            output.send(Self.errorResponse(id: id ?? .null, .invalidRequest("a request names its \"method\" (a string)")))
            return
        }
        let params: JSONValue.Object
        switch object["params"] {
        case nil, .null?: params = [:]
        case .object(let given)?: params = given
        case let other?:
            guard let id else { return }
            output.send(Self.errorResponse(id: id, .invalidParams("params must be an object, not \(other.typeName)")))
            return
        }
        guard let rawID = object["id"] else {
            receiveNotification(method, params)
            return
        }
        guard let id, id != .null else {
            output.send(Self.errorResponse(id: .null, .invalidRequest("a request id is a string or a number, not \(rawID.typeName)")))
            return
        }
        await run(id: id) { await self.answer(id: id, method: method, params: params, output: output) }
    }

    /// A JSON-RPC batch (revision 2025-03-26 only): its messages handled concurrently, their responses
    /// sent together as one array (none when it held only notifications); notifications go out as they come.
    private func receive(batch: [JSONValue], output: some MCPOutput) async {
        let responses = BatchResponses(forwardingTo: output)
        await withTaskGroup(of: Void.self) { group in
            for message in batch {
                guard message.arrayValue == nil else {
                    responses.send(Self.errorResponse(id: .null, .invalidRequest("a batch holds messages, not batches")))
                    continue
                }
                group.addTask { await self.receive(message, output: responses) }
            }
        }
        let collected = responses.collected
        if !collected.isEmpty { output.send(.array(collected)) }
    }

    /// Keeps a batch's responses for one array; passes notifications straight on.
    private final class BatchResponses<Forwarded: MCPOutput>: MCPOutput {
        private let forwarded: Forwarded
        private let responses = Mutex<[JSONValue]>([])

        init(forwardingTo forwarded: Forwarded) {
            self.forwarded = forwarded
        }

        var collected: [JSONValue] { responses.withLock { $0 } }

        func send(_ message: JSONValue) {
            if message["method"] == nil {
                responses.withLock { $0.append(message) }
            } else {
                forwarded.send(message)
            }
        }
    }

    /// Reads a message from its bytes, answering -32700 when they are not JSON, then handles it as ``receive(_:output:)``.
    public func receive(bytes: some Collection<UInt8>, output: some MCPOutput) async {
        let message: JSONValue
        do {
            message = try JSONParser().parse(bytes)
        } catch {
            output.send(Self.errorResponse(id: .null, .parseError("\(error)")))
            return
        }
        await receive(message, output: output)
    }

    /// Ends every subscription gracefully (its final answer is sent) and stops resource updates:
    /// the agent is going (standard input closed), while its answers may still be read.
    public func endSubscriptions() {
        let listens = openListens.withLock { listens in
            listens.ended = true
            defer { listens.all.removeAll() }
            return Array(listens.all.values)
        }
        for listen in listens { listen.finish() }
        let updates = legacySubscription.withLock { subscription in
            defer { subscription = LegacySubscription() }
            return subscription.updates
        }
        updates?.stop()
    }

    /// Runs one request in a task of its own, known by its id until answered, so that
    /// `notifications/cancelled` (or cancelling the caller) stops it.
    private func run(id: RequestID, _ body: @escaping @Sendable () async -> Void) async {
        let task = requests.withLock { requests -> Task<Void, Never>? in
            // Cancelled while it waited its turn (a tool call behind another): it is not run nor answered.
            if requests.waiting.removeValue(forKey: id) == true { return nil }
            let task = Task { await body() }
            requests.running[id] = task
            return task
        }
        guard let task else { return }
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        requests.withLock { requests in
            if requests.running[id] == task { requests.running[id] = nil }
        }
    }

    /// Notes a request the transport holds until earlier ones are answered (a tool call read while
    /// another runs), so that a `notifications/cancelled` for it is kept until its turn comes.
    public func willWait(for message: JSONValue) {
        guard let id = message["id"].flatMap(RequestID.init(jsonValue:)) else { return }
        requests.withLock { $0.waiting[id] = false }
    }

    private func receiveNotification(_ method: String, _ params: JSONValue.Object) {
        switch method {
        case "notifications/cancelled":
            guard let id = params["requestId"].flatMap(RequestID.init(jsonValue:)) else { return }
            // A request already answered, or never sent, is no one's: nothing is kept for it.
            let running = requests.withLock { requests -> Task<Void, Never>? in
                if requests.waiting[id] != nil { requests.waiting[id] = true }
                return requests.running[id]
            }
            running?.cancel()
        default:
            // notifications/initialized, progress, roots: nothing for Slam to do.
            break
        }
    }

    /// Answers one request: its result, or its error; nothing when it was cancelled meanwhile.
    private func answer(id: RequestID, method: String, params: JSONValue.Object, output: some MCPOutput) async {
        let outcome: Result<JSONValue.Object, ResponseError>
        do {
            outcome = .success(try await handle(id: id, method: method, params: params, output: output))
        } catch {
            outcome = .failure(error)
        }
        guard !Task.isCancelled else { return }
        switch outcome {
        case .success(let result): output.send(["jsonrpc": "2.0", "id": id.jsonValue, "result": .object(result)])
        case .failure(let error): output.send(Self.errorResponse(id: id, error))
        }
    }

    /// The methods the server answers, with the revisions they belong to.
    static let methods: [String: Set<Era>] = [
        "initialize": [.handshake], "ping": [.handshake, .stateless], "server/discover": [.stateless],
        "tools/list": [.handshake, .stateless], "tools/call": [.handshake, .stateless],
        "resources/list": [.handshake, .stateless], "resources/read": [.handshake, .stateless],
        "resources/templates/list": [.handshake, .stateless],
        "resources/subscribe": [.handshake], "resources/unsubscribe": [.handshake], "subscriptions/listen": [.stateless],
    ]

    enum Era: Hashable { case handshake, stateless }

    private func handle(id: RequestID, method: String, params: JSONValue.Object,
                        output: some MCPOutput) async throws(ResponseError) -> JSONValue.Object {
        guard let eras = Self.methods[method] else {
            throw .methodNotFound(method, suggestions: NameSuggestions.nearest(to: method, in: Self.methods.keys.sorted()))
        }
        switch method {
        case "initialize": return initialize(params)
        case "ping": return [:]
        default: break
        }
        let revision = try revision(of: params)
        guard eras.contains(revision.isStateless ? .stateless : .handshake) else {
            let era = revision.isStateless ? "the stateless revision \(revision.rawValue)" : "the handshake revision \(revision.rawValue)"
            throw ResponseError(code: .methodNotFound, message: "Method not found: '\(method)' is not part of \(era)",
                                data: ["method": .string(method), "protocolVersion": .string(revision.rawValue)])
        }
        var result: JSONValue.Object
        switch method {
        case "server/discover": result = discover()
        case "tools/list": result = listTools(revision)
        case "tools/call": result = try await callTool(params, revision: revision)
        case "resources/list": result = listResources(revision)
        case "resources/read": result = try await readResource(params, revision: revision)
        case "resources/templates/list": result = listResourceTemplates(revision)
        case "resources/subscribe": result = try subscribe(params, output: output)
        case "resources/unsubscribe": result = try unsubscribe(params)
        case "subscriptions/listen": result = await listen(id: id, params, output: output)
        default: throw .methodNotFound(method)
        }
        guard revision.isStateless else { return result }
        // The stateless revision's envelope: every result says it is complete and who answered.
        var meta = result["_meta"]?.objectValue ?? [:]
        meta[MCPMeta.serverInfo] = Self.serverInfo
        result["_meta"] = .object(meta)
        var envelope: JSONValue.Object = ["resultType": "complete"]
        envelope.merge(result) { _, new in new }
        return envelope
    }

    /// A JSON-RPC error response, for what a transport refuses before the server sees it (a framing error, a bad header).
    public static func errorResponse(id: RequestID, _ error: ResponseError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.jsonValue, "error": error.jsonValue]
    }
}

/// The `_meta` keys of the stateless revision.
enum MCPMeta {
    static let protocolVersion = "io.modelcontextprotocol/protocolVersion"
    static let clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfo = "io.modelcontextprotocol/serverInfo"
    static let subscriptionId = "io.modelcontextprotocol/subscriptionId"
}
