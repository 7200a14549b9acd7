import SlamJSON
import SlamProtocol
import SlamUI

/// What attached renderers were last told, so that each turn's changes go out
/// as one batch of operations against it (`ui.redraw`).
///
/// Every element on screen is held by identity with the number renderers know
/// it by and its children as last sent; a changed element's children are
/// compared with those to find removals, insertions and moves. The mirror is
/// kept only while some renderer is attached: with none, changes cost nothing
/// here. Numbers and the sequence go on across detaching, so a number is never
/// given twice in the daemon's run.
final class RemoteUIMirror {
    private struct Node {
        let element: View
        let number: Int
        var parent: ObjectIdentifier?
        var children: [ObjectIdentifier]
    }

    private struct Screen {
        let number: Int
        let controller: ViewController
        let isModal: Bool
        var title: String
    }

    /// The number of the last batch sent (or of the state when the first renderer attached).
    private(set) var sequence = 0
    /// Whether a renderer is attached and changes are tracked.
    private(set) var isActive = false

    private var nodes: [ObjectIdentifier: Node] = [:]
    private var screens: [Screen] = []
    private var lastNodeNumber = 0
    private var lastScreenNumber = 0
    /// Elements sent whole during the current batch, which need no `update` of their own.
    private var sentWhole: Set<ObjectIdentifier> = []

    /// The number of elements mirrored (for tests and logs).
    var nodeCount: Int { nodes.count }

    /// Starts tracking `application` as it is now; does nothing while active.
    func activate(_ application: Application) {
        guard !isActive else { return }
        isActive = true
        screens = application.stack.map(makeScreen)
        nodes.reserveCapacity(screens.reduce(0) { $0 + $1.controller.referenceCount })
        for screen in screens { track(screen.controller.view, parent: nil, inBatch: false) }
    }

    /// Forgets everything tracked (the last renderer detached).
    func deactivate() {
        isActive = false
        nodes.removeAll()
        screens.removeAll()
    }

    // MARK: - The whole state

    /// The `ui.attach` result: the stack with numbered trees and `state` (the shared state), at ``sequence``,
    /// written from the elements' cached snapshot texts. The mirror must be active and up to date (the
    /// service flushes pending changes first).
    func attachState(state: JSONValue.Object) -> JSONNode {
        var writer = JSONWriter(capacity: 256 + nodes.count * 200)
        writer.beginObject()
        writer.key("seq")
        writer.integer(sequence)
        writer.key("stack")
        writer.beginArray()
        for screen in screens { writeEntry(for: screen, withTree: true, into: &writer) }
        writer.endArray()
        writer.key("state")
        writer.value(.object(state))
        writer.key("capabilities")
        writer.beginObject()
        writer.endObject()
        writer.endObject()
        return JSONNode(writtenText: writer.bytes)
    }

    // MARK: - Batches

    /// Writes the next `ui.redraw` params (`{seq, ops}`) for what changed since the last
    /// batch at the end of `writer`, straight as JSON text; returns false (and writes
    /// nothing) when nothing did. `changes` are the changed elements per controller,
    /// `changedState` the shared state keys whose value changed, with their values.
    func writeBatch(into writer: inout JSONWriter, application: Application,
                    changes: [(controller: ViewController, elements: [View])],
                    changedState: JSONValue.Object, removedState: [String] = []) -> Bool {
        sentWhole.removeAll(keepingCapacity: true)
        let start = writer.bytes.count
        writer.beginObject()
        writer.key("seq")
        writer.integer(sequence + 1)
        writer.key("ops")
        writer.beginArray()
        var count = 0

        let kept = reconcileStack(application.stack, into: &writer, count: &count)

        if !changedState.isEmpty || !removedState.isEmpty {
            writer.beginObject()
            writer.key("op")
            writer.string(literal: "state")
            writer.key("values")
            writer.value(.object(changedState))
            // Only a reset removes keys; the member is left out otherwise.
            if !removedState.isEmpty {
                writer.key("removed")
                writer.value(.array(removedState.map(JSONValue.string)))
            }
            writer.endObject()
            count += 1
        }

        for entry in changes where kept?.contains(ObjectIdentifier(entry.controller))
                ?? screens.contains(where: { $0.controller === entry.controller }) {
            for element in entry.elements {
                let identifier = ObjectIdentifier(element)
                guard let node = nodes[identifier], !sentWhole.contains(identifier) else { continue }
                reconcileChildren(of: element, into: &writer, count: &count)
                writer.beginObject()
                writer.key("op")
                writer.string(literal: "update")
                writer.key("node")
                writer.integer(node.number)
                writer.key("snapshot")
                // A snapshot JSON cannot hold (a NaN, which elements refuse) goes out as null.
                if !element.writeSnapshot(into: &writer) { writer.null() }
                writer.endObject()
                count += 1
            }
        }
        sentWhole.removeAll()

        guard count > 0 else {
            writer.bytes.removeSubrange(start...)
            return false
        }
        writer.endArray()
        writer.endObject()
        sequence += 1
        return true
    }

    /// Brings the mirrored stack in line with `stack`, writing a `stack` operation when it
    /// changed; returns the controllers of screens that were already shown (their
    /// element changes still need sending; new screens went out whole), or nil when the
    /// stack did not change (every screen was shown: the usual turn builds no set).
    private func reconcileStack(_ stack: [Application.Presentation], into writer: inout JSONWriter, count: inout Int) -> Set<ObjectIdentifier>? {
        var common = 0
        while common < screens.count, common < stack.count, screens[common].controller === stack[common].controller,
              screens[common].isModal == stack[common].isModal {
            common += 1
        }
        var changed = common != screens.count || common != stack.count
        for index in 0..<common where screens[index].title != stack[index].controller.title {
            screens[index].title = stack[index].controller.title
            changed = true
        }
        guard changed else { return nil }
        let kept = Set(screens[0..<common].map { ObjectIdentifier($0.controller) })

        for screen in screens[common...] { forget(ObjectIdentifier(screen.controller.view)) }
        screens.removeSubrange(common...)
        let firstNew = screens.count
        for presentation in stack[common...] {
            let screen = makeScreen(presentation)
            track(screen.controller.view, parent: nil)
            screens.append(screen)
        }
        writer.beginObject()
        writer.key("op")
        writer.string(literal: "stack")
        writer.key("stack")
        writer.beginArray()
        for (index, screen) in screens.enumerated() { writeEntry(for: screen, withTree: index >= firstNew, into: &writer) }
        writer.endArray()
        writer.endObject()
        count += 1
        return kept
    }

    /// Writes the `remove`, `move` and `insert` operations that turn the children last sent for
    /// `element` into its children now: removals first, then positions left to right.
    private func reconcileChildren(of element: View, into writer: inout JSONWriter, count: inout Int) {
        let parent = ObjectIdentifier(element)
        guard let parentNode = nodes[parent] else { return }
        let old = parentNode.children
        let new = element.subviews
        if old.count == new.count, zip(old, new).allSatisfy({ $0 == ObjectIdentifier($1) }) { return }

        let newIdentifiers = Set(new.lazy.map(ObjectIdentifier.init))
        var working: [ObjectIdentifier] = []
        working.reserveCapacity(new.count)
        for child in old where nodes[child]?.parent == parent {
            if newIdentifiers.contains(child) {
                working.append(child)
            } else {
                Self.writeOperation("remove", node: nodes[child]!.number, into: &writer)
                writer.endObject()
                count += 1
                forget(child)
            }
        }
        for (index, view) in new.enumerated() {
            let child = ObjectIdentifier(view)
            if index < working.count, working[index] == child { continue }
            if let node = nodes[child], node.parent == parent {
                // Kept, but not where it was: take it out and put it here.
                let from = working[index...].firstIndex(of: child)!
                working.remove(at: from)
                working.insert(child, at: index)
                Self.writeOperation("move", node: node.number, into: &writer)
                writer.key("index")
                writer.integer(index)
                writer.endObject()
                count += 1
            } else {
                if let node = nodes[child] {
                    // Moved here from another parent: renderers drop it there and get it whole here.
                    Self.writeOperation("remove", node: node.number, into: &writer)
                    writer.endObject()
                    count += 1
                    if let oldParent = node.parent { nodes[oldParent]?.children.removeAll { $0 == child } }
                    forget(child)
                }
                writer.beginObject()
                writer.key("op")
                writer.string(literal: "insert")
                writer.key("parent")
                writer.integer(parentNode.number)
                writer.key("index")
                writer.integer(index)
                track(view, parent: parent)
                writer.key("tree")
                writeMirroredTree(child, into: &writer)
                writer.endObject()
                count += 1
                working.insert(child, at: index)
            }
        }
        nodes[parent]?.children = working
    }

    /// Opens an operation object `{"op":…,"node":…` (the caller adds members and closes it).
    private static func writeOperation(_ name: StaticString, node number: Int, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("op")
        writer.string(literal: name)
        writer.key("node")
        writer.integer(number)
    }

    // MARK: - Nodes and screens

    /// Mirrors `element`'s subtree under `parent`, keeping the numbers of elements already known; in a
    /// batch, the subtree is noted as sent whole.
    private func track(_ element: View, parent: ObjectIdentifier?, inBatch: Bool = true) {
        let identifier = ObjectIdentifier(element)
        let number: Int
        if let existing = nodes[identifier] {
            number = existing.number
        } else {
            lastNodeNumber += 1
            number = lastNodeNumber
        }
        if inBatch { sentWhole.insert(identifier) }
        var children: [ObjectIdentifier] = []
        children.reserveCapacity(element.subviews.count)
        for subview in element.subviews {
            track(subview, parent: identifier, inBatch: inBatch)
            children.append(ObjectIdentifier(subview))
        }
        nodes[identifier] = Node(element: element, number: number, parent: parent, children: children)
    }

    /// The tree of a mirrored element as `tree` writes it, each node with its `node` number.
    private func writeMirroredTree(_ identifier: ObjectIdentifier, into writer: inout JSONWriter) {
        let node = nodes[identifier]!
        if !node.element.writeSnapshotMembers(into: &writer) { writer.beginObject() }
        writer.key("node")
        writer.integer(node.number)
        writer.key("children")
        writer.beginArray()
        for child in node.children { writeMirroredTree(child, into: &writer) }
        writer.endArray()
        writer.endObject()
    }

    /// Drops an element and its mirrored subtree.
    private func forget(_ identifier: ObjectIdentifier) {
        guard let node = nodes.removeValue(forKey: identifier) else { return }
        for child in node.children { forget(child) }
    }

    private func makeScreen(_ presentation: Application.Presentation) -> Screen {
        lastScreenNumber += 1
        return Screen(number: lastScreenNumber, controller: presentation.controller, isModal: presentation.isModal,
                      title: presentation.controller.title)
    }

    /// A screen of the stack: `{screen, id, title, modal}`, with its numbered `tree` when asked.
    private func writeEntry(for screen: Screen, withTree: Bool, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("screen")
        writer.integer(screen.number)
        writer.key("id")
        writer.string(screen.controller.identifier)
        writer.key("title")
        writer.string(screen.title)
        writer.key("modal")
        writer.bool(screen.isModal)
        if withTree {
            writer.key("tree")
            writeMirroredTree(ObjectIdentifier(screen.controller.view), into: &writer)
        }
        writer.endObject()
    }
}
