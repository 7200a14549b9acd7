/// The notifications a client can subscribe to, by name.
public enum EventKind: String, CaseIterable, Hashable, Sendable {
    /// Elements changed what users see. Params: `controller`, `changes` (snapshots).
    case changed
    /// The navigation stack changed. Params: `stack` (as `controllers` returns), `top`.
    case navigated
    /// A task ran. Params: `name`, `param`.
    case taskRan
    /// The `url` task asked to open an address (nothing opens on a headless host). Params: `address`.
    case openURL
    /// Shared state keys changed (by `state.set`, a task, a bound control, the app).
    /// Params: `values` (each changed key with its new value). Sent once per turn,
    /// before the `changed` it causes.
    case stateChanged
    /// A daemon log record. Params: `level`, `message`.
    case log
    /// A controller's keyboard focus moved. Params: `controller`, `ref` (now focused, or null), `previous` (or null).
    case focusChanged
    /// A client acted on the UI (for recorders). Params: `method`, `ref` (a locator, or null), `controller`, `params`, `client`.
    case action
}
