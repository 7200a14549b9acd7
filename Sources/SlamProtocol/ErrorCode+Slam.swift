import SlamRPC

/// Slam's application error codes (JSON-RPC's server range). Every error
/// response carries `data` naming the reference, controller or task at fault.
extension ErrorCode {
    /// No element with that reference in the controller. `data`: `ref`, `controller`.
    public static let elementNotFound = ErrorCode(rawValue: -32001)
    /// The element does not take that interaction (pressing a label, typing into a button). `data`: `ref`, `type`.
    public static let elementNotInteractive = ErrorCode(rawValue: -32002)
    /// The control is disabled. `data`: `ref`.
    public static let elementDisabled = ErrorCode(rawValue: -32003)
    /// The element or one of its ancestors is hidden. `data`: `ref`.
    public static let elementHidden = ErrorCode(rawValue: -32004)
    /// No task with that name. `data`: `task`.
    public static let taskNotFound = ErrorCode(rawValue: -32005)
    /// No controller with that identifier (on the stack, or to create). `data`: `controller`.
    public static let controllerNotFound = ErrorCode(rawValue: -32006)
    /// The navigation cannot happen (popping the root). `data`: `controller`.
    public static let navigationRefused = ErrorCode(rawValue: -32007)
    /// A `waitFor` condition did not hold in time. `data`: `ref`, `condition`, `timeoutMs`, `snapshot` (last seen, or null).
    public static let waitTimedOut = ErrorCode(rawValue: -32008)
    /// The daemon is shutting down; a pending request was abandoned.
    public static let shuttingDown = ErrorCode(rawValue: -32009)
    /// A task ran and failed. `data`: `task`, `reason`; for a task a client runs also `client`, and
    /// `clientError` (its error answer) or `timeoutMs` (it did not answer in time).
    public static let taskFailed = ErrorCode(rawValue: -32010)
    /// `state.get` names a key the shared state does not hold. `data`: `key`.
    public static let stateKeyNotFound = ErrorCode(rawValue: -32011)
    /// A modal screen or an alert covers the element's controller, so a user could not reach it.
    /// `data`: `ref`, `controller`, `coveredBy`.
    public static let elementCovered = ErrorCode(rawValue: -32012)
    /// `reset` put the application back to its launch state while this request waited (a `waitFor`),
    /// or the server cannot reset (it was given an application, not a way to make one). `data`: `reason`.
    public static let applicationReset = ErrorCode(rawValue: -32013)
    /// A locator matched more than one element and named no `nth`.
    /// `data`: `ref` (the locator), `controller`, `candidates` (each `ref`, `path`, `type`, `text`).
    public static let ambiguousLocator = ErrorCode(rawValue: -32014)
    /// `trace.start` while a trace is being written, or `trace.stop` when none is. `data`: `path`
    /// (the trace being written, or null), `tracing`.
    public static let traceConflict = ErrorCode(rawValue: -32015)
    /// `tasks.register` names a task another live connection registered (`data`: `task`, `client`)
    /// or one the application defines, built-in or its own (`data`: `task`, `owner`: "application").
    public static let taskNameTaken = ErrorCode(rawValue: -32016)
    /// A bound the daemon keeps against runaway or hostile clients was reached: too many pending waits
    /// and actions, pattern characters or steps they hold, registered task names, or requests held behind
    /// a connection's pending ones (on the connection or in the daemon). `data`: `limit` (its name), `value` (the bound), `option` (the `slamd` option
    /// that sets it), `scope` (`connection` or `daemon`).
    public static let limitReached = ErrorCode(rawValue: -32017)
    /// `instance.use` or `instance.close` names no open instance. `data`: `instance`, `open` (the open instances' handles).
    public static let instanceNotFound = ErrorCode(rawValue: -32018)
    /// The instance this connection uses was closed (`instance.close`, or closed when idle): every request
    /// but the `instance.*` methods, `ping`, `version`, `rpc.discover`, `subscribe` and `unsubscribe` gets
    /// this until the connection uses another; a wait pending when it closed gets it too. `data`: `instance`.
    public static let instanceClosed = ErrorCode(rawValue: -32019)

    /// Every code Slam can answer with and its short name, in code order, for discovery and docs.
    public static let slamCodes: [(code: ErrorCode, name: String)] = [
        (.parseError, "Parse error"),
        (.invalidRequest, "Invalid Request"),
        (.methodNotFound, "Method not found"),
        (.invalidParams, "Invalid params"),
        (.internalError, "Internal error"),
        (.messageTooLarge, "Message too large"),
        (.elementNotFound, "Element not found"),
        (.elementNotInteractive, "Element not interactive"),
        (.elementDisabled, "Element disabled"),
        (.elementHidden, "Element hidden"),
        (.taskNotFound, "Task not found"),
        (.controllerNotFound, "Controller not found"),
        (.navigationRefused, "Navigation refused"),
        (.waitTimedOut, "Wait timed out"),
        (.shuttingDown, "Shutting down"),
        (.taskFailed, "Task failed"),
        (.stateKeyNotFound, "State key not found"),
        (.elementCovered, "Element covered"),
        (.applicationReset, "Application reset"),
        (.ambiguousLocator, "Ambiguous locator"),
        (.traceConflict, "Trace conflict"),
        (.taskNameTaken, "Task name taken"),
        (.limitReached, "Limit reached"),
        (.instanceNotFound, "Instance not found"),
        (.instanceClosed, "Instance closed"),
    ]

    /// The short name of a Slam code.
    public var slamName: String {
        Self.slamCodes.first { $0.code == self }?.name ?? "Error"
    }
}
