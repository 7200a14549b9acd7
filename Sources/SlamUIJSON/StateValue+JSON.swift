import SlamJSON
import SlamUI

extension StateValue {
    /// A JSON value as state keeps it (objects become records: their member order is not kept).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = Int(exactly: value).map(StateValue.integer) ?? .double(Double(value))
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let values): self = .list(values.map(StateValue.init(json:)))
        case .object(let members):
            self = .record(Dictionary(members.map { ($0.key, StateValue(json: $0.value)) }) { _, last in last })
        }
    }
}

extension JSONValue {
    /// A state value as JSON (record members sorted by key, so output is deterministic).
    public init(state: StateValue) {
        switch state {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(Int64(value))
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .list(let values): self = .array(values.map(JSONValue.init(state:)))
        case .record(let members):
            self = .object(JSONValue.Object(uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, JSONValue(state: $0.value)) }))
        }
    }
}
