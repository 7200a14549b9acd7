import SlamJSON
import SlamRPC

/// The params of one event notification, typed: the server writes them, the
/// clients read them, discovery describes them.
public protocol SlamEventParams: DeclaredFields {
    /// The event these params belong to.
    static var kind: EventKind { get }
}

/// A notification from the daemon, read into its typed params.
///
/// ```swift
/// for await notification in connection.notifications {
///     if case .changed(let change)? = SlamEvent(notification) { print(change.changes.map(\.reference)) }
/// }
/// ```
public enum SlamEvent: Sendable {
    case changed(ChangedEvent)
    case navigated(NavigatedEvent)
    case taskRan(TaskRanEvent)
    case openURL(OpenURLEvent)
    case stateChanged(StateChangedEvent)
    case log(LogEvent)
    case focusChanged(FocusChangedEvent)
    case action(ActionEvent)

    /// Nil for a notification that is no Slam event or whose params do not read.
    public init?(_ notification: Notification) {
        guard let kind = EventKind(rawValue: notification.method) else { return nil }
        let params = notification.params?.jsonValue ?? .null
        do throws(ResultDecodingError) {
            switch kind {
            case .changed: self = .changed(try ChangedEvent(json: params))
            case .navigated: self = .navigated(try NavigatedEvent(json: params))
            case .taskRan: self = .taskRan(try TaskRanEvent(json: params))
            case .openURL: self = .openURL(try OpenURLEvent(json: params))
            case .stateChanged: self = .stateChanged(try StateChangedEvent(json: params))
            case .log: self = .log(try LogEvent(json: params))
            case .focusChanged: self = .focusChanged(try FocusChangedEvent(json: params))
            case .action: self = .action(try ActionEvent(json: params))
            }
        } catch {
            return nil
        }
    }

    /// Every event's params type, in the protocol's order (discovery lists them).
    public static var paramsTypes: [any SlamEventParams.Type] {
        [ChangedEvent.self, NavigatedEvent.self, TaskRanEvent.self, OpenURLEvent.self, StateChangedEvent.self, LogEvent.self,
         FocusChangedEvent.self, ActionEvent.self]
    }
}

/// `changed`: elements of a controller changed what users see (each element once, as it looks now).
public struct ChangedEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .changed }
    public var controller: String
    public var changes: [Snapshot]

    public init(controller: String, changes: [Snapshot]) {
        self.controller = controller
        self.changes = changes
    }

    public static var empty: ChangedEvent { ChangedEvent(controller: "", changes: []) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("controller", &controller)
        visitor.field("changes", &changes, "Each changed element once, as it looks now.")
    }
}

/// `navigated`: the navigation stack changed (push, pop, modal presentation).
public struct NavigatedEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .navigated }
    public var stack: [ControllerEntry]
    public var top: String?

    public init(stack: [ControllerEntry], top: String?) {
        self.stack = stack
        self.top = top
    }

    public static var empty: NavigatedEvent { NavigatedEvent(stack: [], top: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("stack", &stack, "The navigation stack, root first, as `controllers` returns it.")
        visitor.field("top", &top)
    }
}

/// `taskRan`: a task ran successfully.
public struct TaskRanEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .taskRan }
    public var name: String
    public var param: String?

    public init(name: String, param: String?) {
        self.name = name
        self.param = param
    }

    public static var empty: TaskRanEvent { TaskRanEvent(name: "", param: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("name", &name)
        visitor.field("param", &param)
    }
}

/// `openURL`: the `url` task asked to open an address (nothing opens on a headless host).
public struct OpenURLEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .openURL }
    public var address: String

    public init(address: String) {
        self.address = address
    }

    public static var empty: OpenURLEvent { OpenURLEvent(address: "") }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("address", &address)
    }
}

/// `stateChanged`: shared state keys changed; each changed key with its new value.
public struct StateChangedEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .stateChanged }
    public var values: JSONValue.Object

    public init(values: JSONValue.Object) {
        self.values = values
    }

    public static var empty: StateChangedEvent { StateChangedEvent(values: [:]) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("values", &values, "Each changed key with its new value.")
    }
}

/// `log`: a daemon log record at or above its level, or a framework warning.
public struct LogEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .log }
    public var level: String
    public var message: String

    public init(level: String, message: String) {
        self.level = level
        self.message = message
    }

    public static var empty: LogEvent { LogEvent(level: "", message: "") }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("level", &level)
        visitor.field("message", &message)
    }
}
