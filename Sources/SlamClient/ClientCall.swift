import SlamJSON
import SlamRPC

/// One protocol method, described once: its name, its params, and how its
/// result reads. Both ``SlamConnection`` (blocking) and ``AsyncSlamConnection``
/// perform these, so the typed helpers exist in one place.
///
/// ```swift
/// let snapshot = try connection.perform(.find("count"))
/// let snapshot = try await asyncConnection.perform(.press("increment"))
/// ```
public struct ClientCall<Result>: Sendable {
    public let method: String
    public let params: JSONValue.Object?
    /// Reads the result, or says why it is not what the method promises.
    public let decode: @Sendable (JSONValue) throws(ClientError) -> Result

    public init(method: String, params: JSONValue.Object?,
                decode: @escaping @Sendable (JSONValue) throws(ClientError) -> Result) {
        self.method = method
        self.params = params
        self.decode = decode
    }
}

/// One entry of the navigation stack.
public struct ControllerEntry: Hashable, Sendable {
    public let id: String
    public let title: String
    public let modal: Bool

    public init(id: String, title: String, modal: Bool) {
        self.id = id
        self.title = title
        self.modal = modal
    }
}

extension ClientCall where Result == JSONValue {
    /// Any method, the result as sent.
    public static func raw(_ method: String, _ params: JSONValue.Object? = nil) -> Self {
        Self(method: method, params: params) { $0 }
    }

    /// The OpenRPC description of the protocol.
    public static var discover: Self { raw("rpc.discover") }
}

extension ClientCall where Result == ServerVersion {
    /// The protocol and server versions, the methods and events, the limits.
    public static var version: Self {
        Self(method: "version", params: nil) { value throws(ClientError) in
            guard let version = ServerVersion(value) else { throw .protocolViolation("expected a version result, got \(value)") }
            return version
        }
    }
}

extension ClientCall where Result == String {
    public static var ping: Self {
        Self(method: "ping", params: nil) { $0.stringValue ?? "" }
    }
}

extension ClientCall where Result == Snapshot {
    public static func find(_ reference: String, controller: String? = nil) -> Self {
        snapshot("find", ["ref": .string(reference)], controller)
    }

    /// The tree from `reference` (default: the root), `depth` levels deep (default: all).
    public static func tree(_ reference: String? = nil, depth: Int? = nil, controller: String? = nil) -> Self {
        var params: JSONValue.Object = [:]
        if let reference { params["ref"] = .string(reference) }
        if let depth { params["depth"] = .integer(Int64(depth)) }
        return snapshot("tree", params, controller)
    }

    /// Presses as a user would; `value` is an index, a bool, `"increment"` or `"decrement"`.
    public static func press(_ reference: String, value: JSONValue? = nil, controller: String? = nil) -> Self {
        var params: JSONValue.Object = ["ref": .string(reference)]
        if let value { params["value"] = value }
        return snapshot("press", params, controller)
    }

    /// Types into a text field (its editing events fire).
    public static func setText(_ reference: String, _ text: String, controller: String? = nil) -> Self {
        snapshot("setText", ["ref": .string(reference), "text": .string(text)], controller)
    }

    /// Waits in the daemon until `property` equals `value` (numbers compare by value).
    public static func waitFor(_ reference: String, property: String, equals value: JSONValue,
                               timeoutMilliseconds: Int? = nil, controller: String? = nil) -> Self {
        var params: JSONValue.Object = ["ref": .string(reference), "property": .string(property), "equals": value]
        if let timeoutMilliseconds { params["timeoutMs"] = .integer(Int64(timeoutMilliseconds)) }
        return snapshot("waitFor", params, controller)
    }

    private static func snapshot(_ method: String, _ params: JSONValue.Object, _ controller: String?) -> Self {
        Self(method: method, params: withController(params, controller)) { value throws(ClientError) in
            guard let snapshot = Snapshot(value) else { throw .protocolViolation("expected an element snapshot, got \(value)") }
            return snapshot
        }
    }
}

extension ClientCall where Result == Snapshot? {
    /// Waits in the daemon for a state (`exists`, `absent`, `visible`, `hidden`, `enabled`); nil for `absent`.
    public static func waitFor(_ reference: String, state: String, timeoutMilliseconds: Int? = nil,
                               controller: String? = nil) -> Self {
        var params: JSONValue.Object = ["ref": .string(reference), "state": .string(state)]
        if let timeoutMilliseconds { params["timeoutMs"] = .integer(Int64(timeoutMilliseconds)) }
        return Self(method: "waitFor", params: withController(params, controller)) { Snapshot($0) }
    }
}

extension ClientCall where Result == [Snapshot] {
    /// Elements matching every given filter, in tree order.
    public static func query(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil,
                             controller: String? = nil) -> Self {
        var params: JSONValue.Object = [:]
        if let type { params["type"] = .string(type) }
        if let text { params["text"] = .string(text) }
        if let visible { params["visible"] = .bool(visible) }
        if let enabled { params["enabled"] = .bool(enabled) }
        return Self(method: "query", params: withController(params, controller)) {
            $0.arrayValue?.compactMap(Snapshot.init) ?? []
        }
    }
}

extension ClientCall where Result == [String] {
    /// Pulls the data sources; the result is the references that changed.
    public static func updateUI(_ reference: String? = nil, controller: String? = nil) -> Self {
        refresh("updateUI", reference, controller)
    }

    /// Reloads tables and text views, then fills; the references that changed.
    public static func resetUI(_ reference: String? = nil, controller: String? = nil) -> Self {
        refresh("resetUI", reference, controller)
    }

    /// The registered task names, sorted.
    public static var tasks: Self {
        Self(method: "tasks", params: nil) { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
    }

    /// Subscribes to events; the result is all of this connection's subscriptions.
    public static func subscribe(_ events: [String]) -> Self {
        subscriptions("subscribe", ["events": .array(events.map(JSONValue.string))])
    }

    /// Unsubscribes from `events` (default: all); the subscriptions left.
    public static func unsubscribe(_ events: [String]? = nil) -> Self {
        subscriptions("unsubscribe", events.map { ["events": .array($0.map(JSONValue.string))] })
    }

    private static func refresh(_ method: String, _ reference: String?, _ controller: String?) -> Self {
        Self(method: method, params: withController(reference.map { ["ref": .string($0)] } ?? [:], controller)) {
            $0["changed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
    }

    private static func subscriptions(_ method: String, _ params: JSONValue.Object?) -> Self {
        Self(method: method, params: params) { $0["subscribed"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    }
}

extension ClientCall where Result == String? {
    /// Runs a task; the result is the top controller afterwards.
    public static func runTask(_ name: String, param: String? = nil) -> Self {
        var params: JSONValue.Object = ["name": .string(name)]
        if let param { params["param"] = .string(param) }
        return Self(method: "runTask", params: params) { $0["top"]?.stringValue }
    }
}

extension ClientCall where Result == [ControllerEntry] {
    /// The navigation stack, root first.
    public static var controllers: Self {
        Self(method: "controllers", params: nil) { value in
            value.arrayValue?.map {
                ControllerEntry(id: $0["id"]?.stringValue ?? "", title: $0["title"]?.stringValue ?? "",
                                modal: $0["modal"]?.boolValue ?? false)
            } ?? []
        }
    }
}

extension ClientCall where Result == [String: JSONValue] {
    /// `state.list`: every key of the application's shared state with its value
    /// (the daemon sends the keys sorted; sort `keys` to list them in that order).
    public static var stateList: Self {
        Self(method: "state.list", params: nil) { value throws(ClientError) in
            guard let values = value["values"]?.objectValue else {
                throw .protocolViolation("expected {\"values\": {...}} from state.list, got \(value)")
            }
            return Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value) })
        }
    }
}

extension ClientCall where Result == JSONValue {
    /// `state.get`: the value of one shared-state key (any JSON value, null included).
    ///
    /// An unknown key fails with ``ClientError/server(_:)``, code -32011 and `data.key`.
    public static func stateGet(_ key: String) -> Self {
        Self(method: "state.get", params: ["key": .string(key)]) { value throws(ClientError) in
            guard let stored = value["value"] else {
                throw .protocolViolation("expected {\"key\": ..., \"value\": ...} from state.get, got \(value)")
            }
            return stored
        }
    }
}

extension ClientCall where Result == [String] {
    /// `state.set`: writes one shared-state key (creating it if new); the result is the
    /// keys whose value changed (none when `value` equals the current value).
    ///
    /// Elements bound to the key update before the reply; subscribers hear
    /// `stateChanged`, then `changed`.
    public static func stateSet(_ key: String, _ value: JSONValue) -> Self {
        changedKeys(["key": .string(key), "value": value])
    }

    /// `state.set`: writes several shared-state keys at once (bound elements update
    /// once); the result is the keys whose value changed, sorted.
    public static func stateSet(_ values: JSONValue.Object) -> Self {
        changedKeys(["values": .object(values)])
    }

    private static func changedKeys(_ params: JSONValue.Object) -> Self {
        Self(method: "state.set", params: params) { $0["changed"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    }
}

private func withController(_ params: JSONValue.Object, _ controller: String?) -> JSONValue.Object {
    var params = params
    if let controller { params["controller"] = .string(controller) }
    return params
}
