import SlamJSON
import SlamUI
import SlamUIJSON

extension PropertyValue {
    /// The property as JSON: numbers stay integers or doubles as declared.
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let integer): .integer(Int64(integer))
        case .double(let double): .double(double)
        case .string(let text): .string(text)
        case .strings(let texts): .array(texts.map(JSONValue.string))
        case .integers(let integers): .array(integers.map { .integer(Int64($0)) })
        case .structured(let value): JSONValue(state: value)
        }
    }
}

extension ElementSnapshot {
    /// `{"type": …, "ref": …, <members in snapshot order>}` (``SlamUI/View/forEachSnapshotMember(_:)``).
    /// For what keeps a snapshot as a value (a wait's timeout error, comparisons);
    /// replies copy each element's kept snapshot text (``ElementSnapshotOutput``).
    public var jsonValue: JSONValue {
        var object = JSONValue.Object(minimumCapacity: properties.count + 2)
        object["type"] = .string(type)
        object["ref"] = .string(reference)
        for property in properties { object[property.name] = property.value.jsonValue }
        return .object(object)
    }
}
