import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

extension MCPServer {
    /// The one resource: the top screen as the accessibility snapshot `slam_snapshot` gives.
    static let screenURI = "slam://screen"
    /// The snapshot is lines of text (`- role "name" [states] [ref=…]`), read as they are.
    static let screenMimeType = "text/plain"

    /// What the handshake revisions' `resources/subscribe` set up: the subscribed URIs, where their
    /// updates go, and what follows the screen for them.
    struct LegacySubscription: Sendable {
        var uris: Set<String> = []
        /// Where updates go: set by the transport (an HTTP session's event stream), else the output
        /// of the `resources/subscribe` that asked (standard output).
        var output: (any MCPOutput)?
        var updates: MCPScreenUpdates?
    }

    func listResources(_ revision: MCPRevision) -> JSONValue.Object {
        var screen: JSONValue.Object = ["uri": .string(Self.screenURI), "name": "screen"]
        if revision.hasStructuredContent { screen["title"] = "The screen" }
        screen["description"] = "The top screen as an accessibility snapshot: one line per element with its role, name, states and ref."
        screen["mimeType"] = .string(Self.screenMimeType)
        var result: JSONValue.Object = ["resources": [.object(screen)]]
        if revision.isStateless {
            result["ttlMs"] = Self.unchangingTimeToLive
            result["cacheScope"] = "public"
        }
        return result
    }

    func listResourceTemplates(_ revision: MCPRevision) -> JSONValue.Object {
        var result: JSONValue.Object = ["resourceTemplates": []]
        if revision.isStateless {
            result["ttlMs"] = Self.unchangingTimeToLive
            result["cacheScope"] = "public"
        }
        return result
    }

    /// `resources/read`: the screen as it is now (never cached: `ttlMs` 0).
    func readResource(_ params: JSONValue.Object, revision: MCPRevision) async throws(ResponseError) -> JSONValue.Object {
        let uri = try Self.knownURI(params)
        let snapshot: AccessibilitySnapshot
        do {
            snapshot = try await session.connection.send(SnapshotRequest())
        } catch {
            throw .internalError("cannot read \(uri): \(error)")
        }
        var result: JSONValue.Object = [
            "contents": [["uri": .string(uri), "mimeType": .string(Self.screenMimeType), "text": .string(snapshot.snapshot)]],
        ]
        if revision.isStateless {
            result["ttlMs"] = 0
            result["cacheScope"] = "private"
        }
        return result
    }

    /// The handshake revisions' `resources/subscribe {uri}`: `notifications/resources/updated {uri}`
    /// follows each change of the screen until `resources/unsubscribe`.
    func subscribe(_ params: JSONValue.Object, output: some MCPOutput) throws(ResponseError) -> JSONValue.Object {
        let uri = try Self.knownURI(params)
        let updates = MCPScreenUpdates(session: session) { [weak self] in
            guard let self else { return }
            let target = self.legacySubscription.withLock { $0.uris.contains(uri) ? $0.output : nil }
            target?.send(["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": .string(uri)]])
        }
        let started = legacySubscription.withLock { subscription in
            subscription.uris.insert(uri)
            if subscription.output == nil { subscription.output = output }
            guard subscription.updates == nil else { return false }
            subscription.updates = updates
            return true
        }
        if started { updates.start() }
        return [:]
    }

    func unsubscribe(_ params: JSONValue.Object) throws(ResponseError) -> JSONValue.Object {
        let uri = try Self.knownURI(params)
        let stopped = legacySubscription.withLock { subscription in
            subscription.uris.remove(uri)
            guard subscription.uris.isEmpty else { return nil as MCPScreenUpdates? }
            defer { subscription.updates = nil }
            return subscription.updates
        }
        stopped?.stop()
        return [:]
    }

    /// Sends the handshake revisions' resource updates to `output` from now on (an HTTP session's
    /// event stream) instead of the output of the `resources/subscribe` that asked; nil: back to that.
    public func setNotificationOutput(_ output: (any MCPOutput)?) {
        legacySubscription.withLock { $0.output = output }
    }

    /// `subscriptions/listen`: acknowledges the subset of notifications it will send, then sends
    /// `notifications/resources/updated` for each change of the screen until the request is
    /// cancelled (no answer then) or ``endSubscriptions()`` ends it (a final answer).
    func listen(id: RequestID, _ params: JSONValue.Object, output: some MCPOutput) async -> JSONValue.Object {
        let subscriptionMeta: JSONValue = [MCPMeta.subscriptionId: id.jsonValue]
        let requested = params["notifications"]?["resourceSubscriptions"]?.arrayValue?.compactMap(\.stringValue)
        let honoured = (requested ?? []).filter { $0 == Self.screenURI }
        var acknowledged: JSONValue.Object = [:]
        if requested != nil { acknowledged["resourceSubscriptions"] = .array(honoured.map(JSONValue.string)) }
        output.send(["jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                     "params": ["_meta": subscriptionMeta, "notifications": .object(acknowledged)]])
        let (ended, end) = AsyncStream<Void>.makeStream()
        let alreadyEnded = openListens.withLock { listens in
            if !listens.ended { listens.all[id] = end }
            return listens.ended
        }
        if alreadyEnded { end.finish() }
        let updates = MCPScreenUpdates(session: session) {
            output.send(["jsonrpc": "2.0", "method": "notifications/resources/updated",
                         "params": ["_meta": subscriptionMeta, "uri": .string(Self.screenURI)]])
        }
        if !honoured.isEmpty { updates.start() }
        // Returns when ended, or at once when the task is cancelled (an AsyncStream ends then).
        for await _ in ended {}
        updates.stop()
        openListens.withLock { listens in _ = listens.all.removeValue(forKey: id) }
        return ["_meta": subscriptionMeta]
    }

    /// The `uri` parameter, when it names a resource the server has.
    private static func knownURI(_ params: JSONValue.Object) throws(ResponseError) -> String {
        guard let uri = params["uri"]?.stringValue else {
            throw .invalidParams("params.uri names the resource (a string)", data: ["parameter": "uri"])
        }
        guard uri == screenURI else {
            throw ResponseError(code: .invalidParams, message: "Resource not found", data: ["uri": .string(uri)])
        }
        return uri
    }
}
