import SlamJSON
import SlamRPC

/// Typed helpers, one per protocol method (see `Protocol/README.md`).
/// Each throws ``ClientError/server(_:)`` with the daemon's code, message and data.
extension SlamConnection {
    public func ping() throws(ClientError) -> String {
        try call("ping").stringValue ?? ""
    }

    /// `protocolVersion`, `serverVersion`, `capabilities`, `limits`.
    public func version() throws(ClientError) -> JSONValue {
        try call("version")
    }

    public func find(_ reference: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try snapshot(call("find", Self.params(["ref": .string(reference)], controller: controller)))
    }

    /// Elements matching every given filter, in tree order.
    public func query(type: String? = nil, text: String? = nil, visible: Bool? = nil, enabled: Bool? = nil,
                      controller: String? = nil) throws(ClientError) -> [Snapshot] {
        var params: JSONValue.Object = [:]
        if let type { params["type"] = .string(type) }
        if let text { params["text"] = .string(text) }
        if let visible { params["visible"] = .bool(visible) }
        if let enabled { params["enabled"] = .bool(enabled) }
        let result = try call("query", Self.params(params, controller: controller))
        return result.arrayValue?.compactMap(Snapshot.init) ?? []
    }

    /// The tree from `reference` (default: the root), `depth` levels deep (default: all).
    public func tree(_ reference: String? = nil, depth: Int? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        var params: JSONValue.Object = [:]
        if let reference { params["ref"] = .string(reference) }
        if let depth { params["depth"] = .integer(Int64(depth)) }
        return try snapshot(call("tree", Self.params(params, controller: controller)))
    }

    /// Pulls the data sources; returns the references that changed.
    @discardableResult
    public func updateUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try changed(call("updateUI", Self.params(reference.map { ["ref": .string($0)] } ?? [:], controller: controller)))
    }

    /// Reloads and fills; returns the references that changed.
    @discardableResult
    public func resetUI(_ reference: String? = nil, controller: String? = nil) throws(ClientError) -> [String] {
        try changed(call("resetUI", Self.params(reference.map { ["ref": .string($0)] } ?? [:], controller: controller)))
    }

    /// Presses as a user would; `value` is an index, a bool, `"increment"` or `"decrement"`.
    @discardableResult
    public func press(_ reference: String, value: JSONValue? = nil, controller: String? = nil) throws(ClientError) -> Snapshot {
        var params: JSONValue.Object = ["ref": .string(reference)]
        if let value { params["value"] = value }
        return try snapshot(call("press", Self.params(params, controller: controller)))
    }

    @discardableResult
    public func setText(_ reference: String, _ text: String, controller: String? = nil) throws(ClientError) -> Snapshot {
        try snapshot(call("setText", Self.params(["ref": .string(reference), "text": .string(text)], controller: controller)))
    }

    /// Runs a task; returns the top controller afterwards.
    @discardableResult
    public func runTask(_ name: String, param: String? = nil) throws(ClientError) -> String? {
        var params: JSONValue.Object = ["name": .string(name)]
        if let param { params["param"] = .string(param) }
        return try call("runTask", params)["top"]?.stringValue
    }

    public func tasks() throws(ClientError) -> [String] {
        try call("tasks").arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The navigation stack, root first.
    public func controllers() throws(ClientError) -> [(id: String, title: String, modal: Bool)] {
        try call("controllers").arrayValue?.map {
            ($0["id"]?.stringValue ?? "", $0["title"]?.stringValue ?? "", $0["modal"]?.boolValue ?? false)
        } ?? []
    }

    /// Waits for a state (`exists`, `absent`, `visible`, `hidden`, `enabled`); nil for `absent`.
    @discardableResult
    public func waitFor(_ reference: String, state: String, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot? {
        var params: JSONValue.Object = ["ref": .string(reference), "state": .string(state)]
        if let timeoutMilliseconds { params["timeoutMs"] = .integer(Int64(timeoutMilliseconds)) }
        return Snapshot(try call("waitFor", Self.params(params, controller: controller)))
    }

    /// Waits until `property` equals `value` (numbers compare by value).
    @discardableResult
    public func waitFor(_ reference: String, property: String, equals value: JSONValue, timeoutMilliseconds: Int? = nil,
                        controller: String? = nil) throws(ClientError) -> Snapshot {
        var params: JSONValue.Object = ["ref": .string(reference), "property": .string(property), "equals": value]
        if let timeoutMilliseconds { params["timeoutMs"] = .integer(Int64(timeoutMilliseconds)) }
        return try snapshot(call("waitFor", Self.params(params, controller: controller)))
    }

    /// Subscribes this connection to events; returns all its subscriptions.
    @discardableResult
    public func subscribe(_ events: [String]) throws(ClientError) -> [String] {
        try call("subscribe", ["events": .array(events.map(JSONValue.string))])["subscribed"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @discardableResult
    public func unsubscribe(_ events: [String]? = nil) throws(ClientError) -> [String] {
        try call("unsubscribe", events.map { ["events": .array($0.map(JSONValue.string))] })["subscribed"]?
            .arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The OpenRPC description of the protocol.
    public func discover() throws(ClientError) -> JSONValue {
        try call("rpc.discover")
    }

    private static func params(_ params: JSONValue.Object, controller: String?) -> JSONValue.Object {
        var params = params
        if let controller { params["controller"] = .string(controller) }
        return params
    }

    private func snapshot(_ value: JSONValue) throws(ClientError) -> Snapshot {
        guard let snapshot = Snapshot(value) else { throw .protocolViolation("expected an element snapshot, got \(value)") }
        return snapshot
    }

    private func changed(_ value: JSONValue) throws(ClientError) -> [String] {
        value["changed"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
