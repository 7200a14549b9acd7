import SlamJSON
import SlamProtocol
@_spi(SnapshotCache) import SlamUI
import SlamUIJSON

/// An element's snapshot: its cached JSON text (see ``SlamUI/View/snapshotText()``).
struct ElementSnapshotOutput: JSONEncoding {
    typealias Value = Snapshot
    let element: View

    func jsonNode() -> JSONNode {
        guard let text = element.snapshotText() else { return element.snapshotNode() }
        return JSONNode(writtenText: text)
    }
}

/// Elements' snapshots as an array, each its cached JSON text.
struct ElementSnapshotListOutput: JSONEncoding {
    typealias Value = [Snapshot]
    let elements: [View]

    func jsonNode() -> JSONNode {
        var writer = JSONWriter(capacity: 2 + elements.count * 200)
        writer.beginArray()
        for element in elements {
            guard let text = element.snapshotText() else { return ElementSnapshotListOutput.freshNode(elements) }
            writer.value(writtenText: text)
        }
        writer.endArray()
        return JSONNode(writtenText: writer.bytes)
    }

    /// Written by jansson from the elements (a snapshot that cannot be JSON: the encoder reports it).
    private static func freshNode(_ elements: [View]) -> JSONNode {
        var array = JSONNode.array()
        for element in elements { array.append(element.snapshotNode()) }
        return array
    }
}

/// An element's snapshot with nested `children`, `depth` levels deep (nil: all): the
/// concatenation of the elements' cached snapshot texts.
struct ElementTreeOutput: JSONEncoding {
    typealias Value = Snapshot
    let element: View
    let depth: Int?

    func jsonNode() -> JSONNode {
        // Room for a whole screen at once when the tree is a screen's: growing it costs copies.
        var writer = JSONWriter(capacity: max(4096, (element.controller?.referenceCount ?? 0) * 200))
        guard element.writeTree(into: &writer, depth: depth) else { return element.treeNode(depth: depth) }
        return JSONNode(writtenText: writer.bytes)
    }
}

extension View {
    /// The snapshot's compact JSON text, `{"type":…,"ref":…,…}`: kept on the element and reused
    /// until it changes (``SlamUI/View/markChanged()`` drops it), so jansson writes an element only
    /// when it is new or changed. Nil when the snapshot cannot be JSON (a NaN), which is not kept.
    ///
    /// Debug builds check every reuse against the snapshot written anew, so any change that
    /// reaches a snapshot without dropping the text fails the tests that make it.
    func snapshotText() -> [UInt8]? {
        if let cached = cachedSnapshotText {
            #if DEBUG
            checkCachedSnapshot(cached)
            #endif
            return cached
        }
        guard let written = freshSnapshotText() else { return nil }
        // Kept at its exact size: a screen keeps one per element.
        let text = [UInt8](unsafeUninitializedCapacity: written.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: written)
        }
        cachedSnapshotText = text
        return text
    }

    /// The snapshot's JSON text written now by jansson, ignoring the cache (nil: it cannot be JSON).
    func freshSnapshotText() -> [UInt8]? {
        var text: [UInt8] = []
        text.reserveCapacity(512)
        do throws(JSONError) {
            try snapshotNode().write(into: &text)
        } catch {
            return nil
        }
        return text
    }

    #if DEBUG
    private func checkCachedSnapshot(_ cached: [UInt8]) {
        guard let fresh = freshSnapshotText(), fresh != cached else { return }
        preconditionFailure("""
            the cached snapshot of \(referenceOrPath) is stale: a change reached it without markChanged()
              cached: \(String(decoding: cached, as: UTF8.self))
              now:    \(String(decoding: fresh, as: UTF8.self))
            """)
    }
    #endif

    /// Whether what is kept of this element (its snapshot text, its accessibility line) differs from
    /// what would be written now: never, unless a change reached it without ``SlamUI/View/markChanged()``.
    /// Property tests and fuzzers look.
    @_spi(SnapshotCache) public var hasStaleCachedOutput: Bool {
        if hasStaleAccessibilityLine { return true }
        guard let cached = cachedSnapshotText else { return false }
        return freshSnapshotText() != cached
    }

    /// The snapshot as jansson builds it, with no snapshot value in between (and no cache).
    public func snapshotNode() -> JSONNode {
        let type = Swift.type(of: self)
        var object = JSONNode.object()
        object.set("type", JSONNode(type.typeName))
        object.set("ref", JSONNode(reference))
        forEachSnapshotMember { name, value in object.set(name, value.jsonNode()) }
        return object
    }

    /// Writes the snapshot (its cached text); false, with nothing written, when it cannot be JSON.
    @discardableResult
    func writeSnapshot(into writer: inout JSONWriter) -> Bool {
        guard let text = snapshotText() else { return false }
        writer.value(writtenText: text)
        return true
    }

    /// Writes the snapshot's opening brace and members, without its closing brace (more members may
    /// follow); false, with nothing written, when it cannot be JSON.
    func writeSnapshotMembers(into writer: inout JSONWriter) -> Bool {
        guard let text = snapshotText() else { return false }
        writer.beginObject(withMembersOf: text)
        return true
    }

    /// Writes the snapshot with nested `children`, `depth` levels deep (nil: all), from the elements'
    /// cached texts; false when one cannot be JSON (the writer then holds a partial tree).
    func writeTree(into writer: inout JSONWriter, depth: Int?) -> Bool {
        guard depth.map({ $0 > 0 }) ?? true else { return writeSnapshot(into: &writer) }
        guard writeSnapshotMembers(into: &writer) else { return false }
        writer.key("children")
        writer.beginArray()
        let below = depth.map { $0 - 1 }
        for subview in subviews where !subview.writeTree(into: &writer, depth: below) { return false }
        writer.endArray()
        writer.endObject()
        return true
    }

    /// The snapshot with nested `children`, `depth` levels deep (nil: all), built straight into jansson
    /// with no cache: what ``writeTree(into:depth:)`` writes, for callers that need a jansson value.
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

/// The `changed` event's params, written from the changed elements' snapshot texts.
struct ChangedEventOutput: JSONEncoding {
    typealias Value = ChangedEvent
    let controller: String
    let elements: [View]

    func jsonNode() -> JSONNode {
        var writer = JSONWriter(capacity: 64 + elements.count * 200)
        writer.beginObject()
        writer.key("controller")
        writer.string(controller)
        writer.key("changes")
        writer.beginArray()
        for element in elements where !element.writeSnapshot(into: &writer) { return freshNode() }
        writer.endArray()
        writer.endObject()
        return JSONNode(writtenText: writer.bytes)
    }

    /// Written by jansson from the elements (a snapshot that cannot be JSON: the encoder reports it).
    private func freshNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("controller", JSONNode(controller))
        var changes = JSONNode.array()
        for element in elements { changes.append(element.snapshotNode()) }
        object.set("changes", changes)
        return object
    }
}

extension SlamService {
    /// The elements of the screens on the stack whose kept snapshot text or accessibility line is stale
    /// (``SlamUI/View/hasStaleCachedOutput``), by reference or path: empty, always.
    @_spi(SnapshotCache) public func elementsWithStaleCachedOutput() -> [String] {
        var stale: [String] = []
        for presentation in application.stack {
            presentation.controller.view.forEachInTree { element in
                if element.hasStaleCachedOutput { stale.append("\(presentation.controller.identifier): \(element.referenceOrPath)") }
            }
        }
        return stale
    }
}
