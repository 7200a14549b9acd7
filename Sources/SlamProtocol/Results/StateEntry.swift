import SlamJSON

/// What `state.get` answers: one key of the shared state and its value.
public struct StateEntry: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = StateEntry

    public var key: String
    /// Any JSON value, null included.
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        key = try json.member("key")
        guard let value = json["value"] else { throw ResultDecodingError(expected: "{\"key\": ..., \"value\": ...}", got: json) }
        self.value = value
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("key", JSONNode(key))
        object.set("value", JSONNode(value))
        return object
    }
}

/// What `state.set` answers: the keys whose value changed, sorted.
public struct StateChanges: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = StateChanges

    public var changed: [String]

    public init(changed: [String]) {
        self.changed = changed
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        changed = try json.member("changed")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("changed", changed.jsonNode())
        return object
    }
}

/// What `state.list` answers: every key of the shared state with its value, keys sorted.
public struct StateValues: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = StateValues

    public var values: JSONValue.Object

    public init(values: JSONValue.Object) {
        self.values = values
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let values = json["values"]?.objectValue else {
            throw ResultDecodingError(expected: "{\"values\": {...}}", got: json)
        }
        self.values = values
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("values", JSONNode(.object(values)))
        return object
    }
}
