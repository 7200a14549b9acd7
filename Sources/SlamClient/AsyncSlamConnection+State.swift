import SlamJSON
import SlamProtocol
import SlamRPC

/// Reacting to shared state: handlers subscribed to keys, called as they change.
extension AsyncSlamConnection {
    /// What reacts to shared state keys: it gets the keys it watches that changed, each with its new
    /// value (null: set to null, or removed).
    public typealias StateHandler = @Sendable (_ changed: [String: JSONValue]) async -> Void

    /// One handler with what one `stateChanged` gives it.
    typealias StateHandlerCall = (handler: StateHandler, changed: [String: JSONValue])

    /// Calls `handler` whenever one of `keys` of the shared state changes, whoever changed it (a person
    /// typing into a bound field, a client's `state.set`, a task), so that a program follows the screen
    /// without a button:
    ///
    /// ```swift
    /// try await connection.onState(["bill", "tip"]) { changed in
    ///     let bill = Double(changed["bill"]?.stringValue ?? "") ?? 0
    ///     _ = try? await connection.send(StateSetRequest(key: "total", value: .double(bill * 1.15)))
    /// }
    /// ```
    ///
    /// The first handler subscribes the connection to `stateChanged`; from then on those notifications
    /// go to the handlers, not to ``notifications``. Handlers run in one task, one change after the
    /// other (one notification: one call per handler, however many of its keys changed together), in
    /// the order the changes came. Setting a key a handler watches calls it again. The handlers are
    /// let go when the connection closes.
    ///
    /// - Throws: ``ClientError/server(_:)`` when the subscription is refused (nothing is kept then),
    ///   -32602 for no keys or an empty one.
    public func onState(_ keys: [String], handler: @escaping StateHandler) async throws(ClientError) {
        guard !keys.isEmpty, !keys.contains("") else {
            throw .server(.invalidParams("onState: give at least one state key, none empty", data: ["parameter": "keys"]))
        }
        guard core.addStateHandler(keys: keys, handler: handler) else { return }
        do {
            try await send(SubscribeRequest(events: [.stateChanged]))
        } catch {
            core.removeStateHandlers()
            throw error
        }
    }

    /// Runs the handlers' calls, one `stateChanged` after the other, until the connection closes.
    static func runStateHandlers(_ changes: AsyncStream<[StateHandlerCall]>) {
        Task {
            for await calls in changes {
                for call in calls { await call.handler(call.changed) }
            }
        }
    }
}

extension AsyncSlamConnection.Core {
    /// Adds a state handler; returns whether it is the first (the connection must subscribe then).
    func addStateHandler(keys: [String], handler: @escaping AsyncSlamConnection.StateHandler) -> Bool {
        state.withLock { state in
            defer { state.stateHandlers.append((keys, handler)) }
            return state.stateHandlers.isEmpty
        }
    }

    /// Forgets every state handler (their subscription was refused).
    func removeStateHandlers() {
        state.withLock { $0.stateHandlers.removeAll() }
    }

    /// The calls `notification` makes when it is a `stateChanged` and handlers are subscribed; nil otherwise
    /// (it is then an ordinary notification).
    func stateHandlerCalls(for notification: Notification) -> [AsyncSlamConnection.StateHandlerCall]? {
        guard notification.method == EventKind.stateChanged.rawValue else { return nil }
        let handlers = state.withLock { $0.stateHandlers }
        guard !handlers.isEmpty else { return nil }
        guard case .stateChanged(let event)? = SlamEvent(notification) else { return [] }
        let values = event.values
        return handlers.compactMap { keys, handler in
            let changed = Dictionary(uniqueKeysWithValues: keys.compactMap { key in values[key].map { (key, $0) } })
            return changed.isEmpty ? nil : (handler, changed)
        }
    }
}
