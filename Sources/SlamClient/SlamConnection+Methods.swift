import SlamJSON
import SlamProtocol
import SlamRPC

/// Shorthands for the protocol's requests (see `Protocol/README.md`), each one
/// ``SlamConnection/send(_:)`` of the request type that describes the method.
/// Each throws ``ClientError/server(_:)`` with the daemon's code, message and data.
extension SlamConnection {
    /// Checks the daemon answers; returns `"pong"`.
    public func ping() throws(ClientError) -> String { try send(PingRequest()) }
    /// The daemon's protocol and server versions, capabilities and limits.
    public func version() throws(ClientError) -> ServerVersion { try send(VersionRequest()) }
    /// The daemon's OpenRPC document (`rpc.discover`): every method with its params and result.
    public func discover() throws(ClientError) -> JSONValue { try send(DiscoverRequest()) }

    /// The snapshot of the element `reference` picks, on `controller` (default: the top one).
    public func find(_ reference: ElementLocator, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(FindRequest(ref: reference, controller: controller))
    }

    /// Snapshots of every element matching all the given filters, in tree order; nil filters match anything.
    public func query(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil,
                      controller: String? = nil) throws(ClientError) -> [Snapshot] {
        try send(QueryRequest(type: type, text: text, visible: visible, enabled: enabled, controller: controller))
    }

    /// The element tree from `reference` (default: the root), `depth` levels deep (nil: all; 0: just the element).
    public func tree(_ reference: ElementLocator? = nil, depth: Int? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        try send(TreeRequest(ref: reference, controller: controller, depth: depth))
    }

    /// The screen on top (or `controller`'s, or the subtree at `reference`) as an accessibility snapshot:
    /// `{controller, title, snapshot}`, the text one line per element, `depth` levels below the first (nil: all).
    public func snapshot(_ reference: ElementLocator? = nil, depth: Int? = nil, controller: String? = nil) throws(ClientError) -> AccessibilitySnapshot {
        try send(SnapshotRequest(ref: reference, controller: controller, depth: depth))
    }

    /// The most robust locator for the element `reference` picks: the one an `action` event on it would carry.
    public func locator(_ reference: ElementLocator, controller: String? = nil) throws(ClientError) -> ElementLocator {
        try send(LocatorRequest(ref: reference, controller: controller)).locator
    }

    /// Pulls every data source of the controller (or of the subtree at `reference`); returns the refs that changed.
    @discardableResult
    public func updateUI(_ reference: ElementLocator? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try send(UpdateUIRequest(ref: reference, controller: controller)).changed
    }

    /// Like ``updateUI(_:controller:)``, but reloads tables and text views first; returns the refs that changed.
    @discardableResult
    public func resetUI(_ reference: ElementLocator? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try send(ResetUIRequest(ref: reference, controller: controller)).changed
    }

    /// Acting methods take `timeoutMilliseconds`: the daemon then waits (event-driven) until the element
    /// exists and is visible, enabled and not covered before acting; nil acts at once.
    ///
    /// Presses `reference` as a user would: `value` is an index, a number (`0.25`: a slider's value),
    /// `true`/`false`, `.increment`/`.decrement`,
    /// a position (`.position(section, row)`: a picker's component and row, a sectioned table's or
    /// collection view's section and row or item), or a text (`"2026-11-23"` for a date picker, an item key).
    @discardableResult
    public func press(_ reference: ElementLocator, value: PressInput? = nil, controller: String? = nil,
                      timeoutMilliseconds: Int? = nil) throws(ClientError) -> Snapshot {
        try send(PressRequest(ref: reference, value: value, controller: controller, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// Sets a text field's text in one step (editing began, changed, did end fire); returns its snapshot.
    @discardableResult
    public func setText(_ reference: ElementLocator, _ text: String, controller: String? = nil,
                        timeoutMilliseconds: Int? = nil) throws(ClientError) -> Snapshot {
        try send(SetTextRequest(ref: reference, text: text, controller: controller, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// Gives `reference` its controller's keyboard focus, as a click would; the snapshot afterwards (`focused: true`).
    @discardableResult
    public func focus(_ reference: ElementLocator, controller: String? = nil, timeoutMilliseconds: Int? = nil) throws(ClientError) -> Snapshot {
        try send(FocusRequest(ref: reference, controller: controller, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// Presses one key on the top controller (`"Tab"`, `"Enter"`, `"ArrowDown"`, `"a"`, `" "`), after
    /// focusing `reference` when one is given: whether anything used it, the top controller and its
    /// focused element afterwards.
    @discardableResult
    public func key(_ name: String, on reference: ElementLocator? = nil, timeoutMilliseconds: Int? = nil) throws(ClientError) -> KeyOutcome {
        try send(KeyRequest(key: name, ref: reference, timeoutMilliseconds: timeoutMilliseconds))
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
    public func typeText(_ reference: ElementLocator, _ text: String, controller: String? = nil,
                         timeoutMilliseconds: Int? = nil) throws(ClientError) -> Snapshot {
        try send(TypeTextRequest(ref: reference, text: text, controller: controller, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// Runs a task; the result is the top controller afterwards.
    @discardableResult
    public func runTask(_ name: String, param: String? = nil) throws(ClientError) -> String? {
        try send(RunTaskRequest(name: name, param: param)).top
    }

    /// The names of every registered task, sorted (the application's and those clients registered).
    public func tasks() throws(ClientError) -> [String] { try send(TasksRequest()) }
    /// The navigation stack, root first: each controller's id, title and whether it is modal.
    public func controllers() throws(ClientError) -> [ControllerEntry] { try send(ControllersRequest()) }
    /// Every screen `push` can open, with its title and whether it is on the stack.
    public func screens() throws(ClientError) -> [ScreenEntry] { try send(ScreensRequest()) }

    /// Makes a new, isolated instance of an application the daemon hosts (see "Instances" in `Protocol/README.md`);
    /// this connection keeps using its own until ``useInstance(_:)``.
    public func createInstance(app: String? = nil, storyboard: String? = nil, label: String? = nil) throws(ClientError) -> InstanceEntry {
        try send(InstanceCreateRequest(app: app, storyboard: storyboard, label: label))
    }

    /// Makes this connection use the instance `handle`: its later requests, events and waits belong to it.
    @discardableResult
    public func useInstance(_ handle: String) throws(ClientError) -> InstanceEntry { try send(InstanceUseRequest(instance: handle)) }

    /// Ends the instance `handle` (not `main`).
    @discardableResult
    public func closeInstance(_ handle: String) throws(ClientError) -> InstanceClosed { try send(InstanceCloseRequest(instance: handle)) }

    /// Every open instance, `main` first.
    public func instances() throws(ClientError) -> [InstanceEntry] { try send(InstanceListRequest()) }

    /// Puts the application back to its launch state (see `reset` in `Protocol/README.md`).
    @discardableResult
    public func reset() throws(ClientError) -> ResetOutcome { try send(ResetRequest()) }

    /// Begins a trace of every client's messages and the screens they led to, in a new file in the
    /// daemon's trace directory; returns the file's absolute path. `name` is a plain file name
    /// there that must not exist yet; nil: one the daemon makes.
    @discardableResult
    public func traceStart(name: String? = nil) throws(ClientError) -> String { try send(TraceStartRequest(name: name)).path }

    /// Ends the trace: the file is complete.
    @discardableResult
    public func traceStop() throws(ClientError) -> TraceStopped { try send(TraceStopRequest()) }

    /// Waits in the daemon for a state; nil for `.absent`.
    @discardableResult
    public func waitFor(_ reference: ElementLocator, state: WaitState, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot? {
        try send(WaitForRequest(ref: reference, state: state, timeoutMilliseconds: timeoutMilliseconds, controller: controller))
    }

    /// Waits in the daemon until `property` equals `value` (numbers compare by value).
    @discardableResult
    public func waitFor(_ reference: ElementLocator, property: String, equals value: JSONValue, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        let snapshot = try send(WaitForRequest(ref: reference, property: property, equals: value,
                                               timeoutMilliseconds: timeoutMilliseconds, controller: controller))
        guard let snapshot else { throw .protocolViolation("waitFor: expected an element snapshot, got null") }
        return snapshot
    }

    /// Waits in the daemon until the tree of `reference` (nil: the controller's root view) matches `template`;
    /// returns that tree. `strict`: children match one to one instead of as an ordered subsequence.
    ///
    /// - Throws: ``ClientError/server(_:)`` with -32008 when it does not match in time: the message carries the
    ///   readable diff, `data.diff` its JSON form (``TemplateDiff/init(json:)``) and `data.snapshot` the last tree.
    @discardableResult
    public func waitFor(template: TreeTemplate, _ reference: ElementLocator? = nil, strict: Bool = false, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        let tree = try send(WaitForRequest(template: template, ref: reference, strict: strict,
                                           timeoutMilliseconds: timeoutMilliseconds, controller: controller))
        guard let tree else { throw .protocolViolation("waitFor: expected a tree, got null") }
        return tree
    }

    /// Waits until the accessibility snapshot of `reference` (nil: the screen on top) contains `aria`, a partial
    /// snapshot (``AriaTemplate``); returns the element's snapshot (the root view's without `reference`).
    ///
    /// - Throws: ``ClientError/server(_:)`` with -32008 when it does not in time: the message ends with the
    ///   unified diff from the template to the snapshot, `data.diff` holds it and `data.snapshot` the last snapshot's text.
    @discardableResult
    public func waitFor(aria: AriaTemplate, _ reference: ElementLocator? = nil, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        let snapshot = try send(WaitForRequest(aria: aria, ref: reference, timeoutMilliseconds: timeoutMilliseconds, controller: controller))
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

    /// The value of one shared-state key; -32011 (`data.key`, `data.suggestions`) when there is no such key.
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
