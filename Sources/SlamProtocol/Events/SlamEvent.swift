import SlamJSON
import SlamRPC

/// The params of one event notification, typed: the server writes them, the
/// clients read them, discovery describes them.
public protocol SlamEventParams: ResultValue, JSONEncoding {
    /// The event these params belong to.
    static var kind: EventKind { get }
    /// A JSON Schema of the params, for discovery.
    static var schema: JSONValue { get }
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
    public typealias Value = ChangedEvent
    public static var kind: EventKind { .changed }
    public var controller: String
    public var changes: [Snapshot]

    public init(controller: String, changes: [Snapshot]) {
        self.controller = controller
        self.changes = changes
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        controller = try json.member("controller")
        changes = try json.member("changes")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("controller", JSONNode(controller))
        object.set("changes", changes.jsonNode())
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "properties": ["controller": ["type": "string"],
                                          "changes": ["type": "array", "items": Snapshot.schemaReference]]]
    }
}

/// `navigated`: the navigation stack changed (push, pop, modal presentation).
public struct NavigatedEvent: SlamEventParams, Hashable {
    public typealias Value = NavigatedEvent
    public static var kind: EventKind { .navigated }
    public var stack: [ControllerEntry]
    public var top: String?

    public init(stack: [ControllerEntry], top: String?) {
        self.stack = stack
        self.top = top
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        stack = try json.member("stack")
        top = try json.member("top")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("stack", stack.jsonNode())
        object.set("top", top.jsonNode())
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "properties": ["stack": ["type": "array", "items": ControllerEntry.schema],
                                          "top": ["type": ["string", "null"]]]]
    }
}

/// `taskRan`: a task ran successfully.
public struct TaskRanEvent: SlamEventParams, Hashable {
    public typealias Value = TaskRanEvent
    public static var kind: EventKind { .taskRan }
    public var name: String
    public var param: String?

    public init(name: String, param: String?) {
        self.name = name
        self.param = param
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        name = try json.member("name")
        param = try json.member("param")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("name", JSONNode(name))
        object.set("param", param.jsonNode())
        return object
    }

    public static var schema: JSONValue {
        ["type": "object", "properties": ["name": ["type": "string"], "param": ["type": ["string", "null"]]]]
    }
}

/// `openURL`: the `url` task asked to open an address (nothing opens on a headless host).
public struct OpenURLEvent: SlamEventParams, Hashable {
    public typealias Value = OpenURLEvent
    public static var kind: EventKind { .openURL }
    public var address: String

    public init(address: String) {
        self.address = address
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        address = try json.member("address")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("address", JSONNode(address))
        return object
    }

    public static var schema: JSONValue { ["type": "object", "properties": ["address": ["type": "string"]]] }
}

/// `stateChanged`: shared state keys changed; each changed key with its new value.
public struct StateChangedEvent: SlamEventParams, Hashable {
    public typealias Value = StateChangedEvent
    public static var kind: EventKind { .stateChanged }
    public var values: JSONValue.Object

    public init(values: JSONValue.Object) {
        self.values = values
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let values = json["values"]?.objectValue else { throw ResultDecodingError(expected: "{\"values\": {...}}", got: json) }
        self.values = values
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("values", JSONNode(.object(values)))
        return object
    }

    public static var schema: JSONValue { ["type": "object", "properties": ["values": ["type": "object"]]] }
}

/// `log`: a daemon log record at or above its level, or a framework warning.
public struct LogEvent: SlamEventParams, Hashable {
    public typealias Value = LogEvent
    public static var kind: EventKind { .log }
    public var level: String
    public var message: String

    public init(level: String, message: String) {
        self.level = level
        self.message = message
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        level = try json.member("level")
        message = try json.member("message")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("level", JSONNode(level))
        object.set("message", JSONNode(message))
        return object
    }

    public static var schema: JSONValue { ["type": "object", "properties": ["level": ["type": "string"], "message": ["type": "string"]]] }
}
