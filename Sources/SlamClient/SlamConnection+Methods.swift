import SlamJSON
import SlamProtocol
import SlamRPC

/// Shorthands for the protocol's requests (see `Protocol/README.md`), each one
/// ``SlamConnection/send(_:)`` of the request type that describes the method.
/// Each throws ``ClientError/server(_:)`` with the daemon's code, message and data.
extension SlamConnection {
    public func ping() throws(ClientError) -> String { try send(PingRequest()) }
    public func version() throws(ClientError) -> ServerVersion { try send(VersionRequest()) }
    public func discover() throws(ClientError) -> JSONValue { try send(DiscoverRequest()) }

    public func find(_ reference: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(FindRequest(ref: reference, controller: controller))
    }

    public func query(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil,
                      controller: String? = nil) throws(ClientError) -> [Snapshot] {
        try send(QueryRequest(type: type, text: text, visible: visible, enabled: enabled, controller: controller))
    }

    public func tree(_ reference: String? = nil, depth: Int? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(TreeRequest(ref: reference, controller: controller, depth: depth))
    }

    @discardableResult
    public func updateUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try send(UpdateUIRequest(ref: reference, controller: controller)).changed
    }

    @discardableResult
    public func resetUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try send(ResetUIRequest(ref: reference, controller: controller)).changed
    }

    /// Presses `reference` as a user would: `value` is an index, `true`/`false`, `.increment`/`.decrement`,
    /// a position (`.position(section, row)`: a picker's component and row, a sectioned table's or
    /// collection view's section and row or item), or a text (`"2026-11-23"` for a date picker, an item key).
    @discardableResult
    public func press(_ reference: String, value: PressInput? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(PressRequest(ref: reference, value: value, controller: controller))
    }

    @discardableResult
    public func setText(_ reference: String, _ text: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(SetTextRequest(ref: reference, text: text, controller: controller))
    }

    /// Gives `reference` its controller's keyboard focus, as a click would; the snapshot afterwards (`focused: true`).
    @discardableResult
    public func focus(_ reference: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(FocusRequest(ref: reference, controller: controller))
    }

    /// Presses one key on the top controller (`"Tab"`, `"Enter"`, `"ArrowDown"`, `"a"`, `" "`):
    /// whether anything used it, the top controller and its focused element afterwards.
    @discardableResult
    public func key(_ name: String) throws(ClientError) -> KeyOutcome {
        try send(KeyRequest(key: name))
    }

    /// Presses keys one after another, stopping at the first error; the outcome of each.
    @discardableResult
    public func keys(_ names: [String]) throws(ClientError) -> [KeyOutcome] {
        var outcomes: [KeyOutcome] = []
        for name in names { outcomes.append(try key(name)) }
        return outcomes
    }

    /// Focuses a text field and types `text` key by key (editing events per character; "\n" is Enter).
    @discardableResult
    public func typeText(_ reference: String, _ text: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(TypeTextRequest(ref: reference, text: text, controller: controller))
    }

    /// Runs a task; the result is the top controller afterwards.
    @discardableResult
    public func runTask(_ name: String, param: String? = nil) throws(ClientError) -> String? {
        try send(RunTaskRequest(name: name, param: param)).top
    }

    public func tasks() throws(ClientError) -> [String] { try send(TasksRequest()) }
    public func controllers() throws(ClientError) -> [ControllerEntry] { try send(ControllersRequest()) }

    /// Puts the application back to its launch state (see `reset` in `Protocol/README.md`).
    @discardableResult
    public func reset() throws(ClientError) -> ResetOutcome { try send(ResetRequest()) }

    /// Begins a trace of every client's messages and the screens they led to; returns the file's path.
    /// `path` must be absolute; nil: a new file beside the daemon's socket.
    @discardableResult
    public func traceStart(path: String? = nil) throws(ClientError) -> String { try send(TraceStartRequest(path: path)).path }

    /// Ends the trace: the file is complete.
    @discardableResult
    public func traceStop() throws(ClientError) -> TraceStopped { try send(TraceStopRequest()) }

    /// Waits in the daemon for a state; nil for `.absent`.
    @discardableResult
    public func waitFor(_ reference: String, state: WaitState, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot? {
        try send(WaitForRequest(ref: reference, state: state, timeoutMilliseconds: timeoutMilliseconds, controller: controller))
    }

    /// Waits in the daemon until `property` equals `value` (numbers compare by value).
    @discardableResult
    public func waitFor(_ reference: String, property: String, equals value: JSONValue, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        let snapshot = try send(WaitForRequest(ref: reference, property: property, equals: value,
                                               timeoutMilliseconds: timeoutMilliseconds, controller: controller))
        guard let snapshot else { throw .protocolViolation("waitFor: expected an element snapshot, got null") }
        return snapshot
    }

    /// Subscribes to events; the result is all of this connection's subscriptions.
    @discardableResult
    public func subscribe(_ events: [EventKind]) throws(ClientError) -> [String] {
        try send(SubscribeRequest(events: events)).subscribed
    }

    /// Unsubscribes from `events` (default: all); the subscriptions left.
    @discardableResult
    public func unsubscribe(_ events: [EventKind]? = nil) throws(ClientError) -> [String] {
        try send(UnsubscribeRequest(events: events)).subscribed
    }

    /// Every key of the application's shared state with its value.
    public func stateList() throws(ClientError) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: try send(StateListRequest()).values.map { ($0.key, $0.value) })
    }

    /// The value of one shared-state key; -32011 (`data.key`) when there is no such key.
    public func stateGet(_ key: String) throws(ClientError) -> JSONValue { try send(StateGetRequest(key: key)).value }

    /// Writes one shared-state key; returns `[key]` when its value changed, `[]` when it already had it.
    @discardableResult
    public func stateSet(_ key: String, _ value: JSONValue) throws(ClientError) -> [String] {
        try send(StateSetRequest(key: key, value: value)).changed
    }

    /// Writes several shared-state keys at once; returns those whose value changed, sorted.
    @discardableResult
    public func stateSet(_ values: JSONValue.Object) throws(ClientError) -> [String] {
        try send(StateSetRequest(values: values)).changed
    }
}
