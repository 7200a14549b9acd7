import SlamJSON
import SlamProtocol
import SlamUI
import SlamUIJSON

/// An element's snapshot, written straight from the element into jansson:
/// `{"type": …, "ref": …, "role": …, "name": …, <properties in declared order>, <states>}`.
struct ElementSnapshotOutput: JSONEncoding {
    typealias Value = Snapshot
    let element: View

    func jsonNode() -> JSONNode { element.snapshotNode() }
}

/// An element's snapshot with nested `children`, `depth` levels deep (nil: all).
struct ElementTreeOutput: JSONEncoding {
    typealias Value = Snapshot
    let element: View
    let depth: Int?

    func jsonNode() -> JSONNode { element.treeNode(depth: depth) }
}

extension View {
    /// The snapshot as jansson builds it, with no snapshot value in between.
    public func snapshotNode() -> JSONNode {
        let type = Swift.type(of: self)
        var object = JSONNode.object()
        object.set("type", JSONNode(type.typeName))
        object.set("ref", JSONNode(reference))
        forEachSnapshotMember { name, value in object.set(name, value.jsonNode()) }
        return object
    }

    /// The snapshot written straight as JSON text (what ``snapshotNode()`` holds), with no tree in between.
    func writeSnapshot(into writer: inout JSONWriter) {
        writeSnapshotMembers(into: &writer)
        writer.endObject()
    }

    /// The snapshot's opening brace and members, without its closing brace (more members may follow).
    func writeSnapshotMembers(into writer: inout JSONWriter) {
        let type = Swift.type(of: self)
        writer.beginObject()
        writer.key("type")
        writer.string(type.typeName)
        writer.key("ref")
        writer.string(reference)
        forEachSnapshotMember { name, value in
            writer.key(named: name)
            value.write(into: &writer)
        }
    }

    /// The snapshot with nested `children`, `depth` levels deep (nil: all), built straight into jansson.
    public func treeNode(depth: Int?) -> JSONNode {
        var object = snapshotNode()
        if depth.map({ $0 > 0 }) ?? true {
            var children = JSONNode.array()
            for subview in subviews { children.append(subview.treeNode(depth: depth.map { $0 - 1 })) }
            object.set("children", children)
        }
        return object
    }
}

extension PropertyValue {
    /// The property as JSON text, as ``jsonNode()`` holds it.
    func write(into writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .integer(let integer): writer.integer(integer)
        case .double(let double): writer.double(double)
        case .string(let text): writer.string(text)
        case .strings(let texts):
            writer.beginArray()
            for text in texts { writer.string(text) }
            writer.endArray()
        case .integers(let integers):
            writer.beginArray()
            for integer in integers { writer.integer(integer) }
            writer.endArray()
        case .structured(let value): writer.value(JSONValue(state: value))
        }
    }

    /// The property as JSON: numbers stay integers or doubles as declared.
    func jsonNode() -> JSONNode {
        switch self {
        case .null: .null
        case .bool(let flag): JSONNode(flag)
        case .integer(let integer): JSONNode(integer)
        case .double(let double): JSONNode(double)
        case .string(let text): JSONNode(text)
        case .strings(let texts):
            {
                var array = JSONNode.array()
                for text in texts { array.append(JSONNode(text)) }
                return array
            }()
        case .integers(let integers):
            {
                var array = JSONNode.array()
                for integer in integers { array.append(JSONNode(integer)) }
                return array
            }()
        case .structured(let value): JSONNode(JSONValue(state: value))
        }
    }
}

/// The `changed` event's params, written straight from the changed elements.
struct ChangedEventOutput: JSONEncoding {
    typealias Value = ChangedEvent
    let controller: String
    let elements: [View]

    func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("controller", JSONNode(controller))
        var changes = JSONNode.array()
        for element in elements { changes.append(element.snapshotNode()) }
        object.set("changes", changes)
        return object
    }
}
