import SlamJSON

/// What `state.get` answers: one key of the shared state and its value.
public struct StateEntry: Hashable, Sendable, DeclaredFields {
    public var key: String
    /// Any JSON value, null included.
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    public static var empty: StateEntry { StateEntry(key: "", value: .null) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("key", &key)
        visitor.field("value", &value, "Any JSON value, null included.")
    }
}

/// What `state.set` answers: the keys whose value changed, sorted.
public struct StateChanges: Hashable, Sendable, DeclaredFields {
    public var changed: [String]

    public init(changed: [String]) {
        self.changed = changed
    }

    public static var empty: StateChanges { StateChanges(changed: []) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("changed", &changed, "The keys whose value changed, sorted.")
    }
}

/// What `state.list` answers: every key of the shared state with its value, keys sorted.
public struct StateValues: Hashable, Sendable, DeclaredFields {
    public var values: JSONValue.Object

    public init(values: JSONValue.Object) {
        self.values = values
    }

    public static var empty: StateValues { StateValues(values: [:]) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("values", &values, "Every key with its value, keys sorted.")
    }
}
