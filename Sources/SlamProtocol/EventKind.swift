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
    /// A daemon log record. Params: `level`, `message`.
    case log
}
