import SlamJSON
import SlamUI

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
        }
    }
}

extension ElementSnapshot {
    /// `{"type": …, "ref": …, <properties in declared order>}`.
    public var jsonValue: JSONValue {
        .object(jsonObject)
    }

    public var jsonObject: JSONValue.Object {
        var object = JSONValue.Object(minimumCapacity: properties.count + 2)
        object["type"] = .string(type)
        object["ref"] = .string(reference)
        for property in properties { object[property.name] = property.value.jsonValue }
        return object
    }
}

extension View {
    /// The element's snapshot as JSON; with `depth`, nested `children` snapshots down to that depth (nil: all).
    public func treeJSON(depth: Int?) -> JSONValue {
        var object = snapshot().jsonObject
        if depth.map({ $0 > 0 }) ?? true {
            object["children"] = .array(subviews.map { $0.treeJSON(depth: depth.map { $0 - 1 }) })
        }
        return .object(object)
    }
}
