import SlamJSON

/// A renderer's model of the daemon's UI, built only from what `ui.attach` and
/// `ui.redraw` say (Protocol/README.md, "Remote UIs"): nodes by number, each
/// with its snapshot and its children, and the screens of the stack.
///
/// `slamctl ui` draws from it; tests compare it with `tree`. A batch that does
/// not follow the last one, or names what the model does not hold, throws
/// ``Violation``: the renderer then attaches again.
public final class RemoteUIModel {
    /// One element on screen, named by its node number in ``nodes``.
    public struct Node: Sendable {
        /// The element's snapshot, without `children` and `node`.
        public var snapshot: JSONValue.Object
        /// The node numbers of its children, in order.
        public var children: [Int]
        /// The node number of its parent; nil for a screen's root element.
        public var parent: Int?
    }

    /// One screen of the navigation stack (one presentation of a controller).
    public struct Screen: Sendable, Equatable {
        /// The number the daemon gave this presentation; the same controller pushed twice is two screens.
        public var number: Int
        /// The controller's id, as `controllers` returns it.
        public var id: String
        /// The controller's title, kept up to date by `stack` operations.
        public var title: String
        /// Whether the screen is presented modally (alerts are).
        public var modal: Bool
        /// The node number of the screen's root element.
        public var root: Int
    }

    /// The number of the last batch applied (or of the attach result); the next batch must be `seq + 1`.
    public private(set) var seq = 0
    /// The navigation stack, root first.
    public private(set) var screens: [Screen] = []
    /// Every shared state key with its value, as `state.list` would return it.
    public private(set) var state: JSONValue.Object = [:]
    /// Every element on the stack's screens, by node number.
    public private(set) var nodes: [Int: Node] = [:]
    /// Numbers ever seen, to check that none is given twice.
    private var numbersSeen: Set<Int> = []

    /// What a batch or an attach result got wrong.
    public struct Violation: Error, CustomStringConvertible {
        /// What was wrong, readable in a log or test failure.
        public let description: String
        /// A violation described by `description`.
        public init(_ description: String) { self.description = description }
    }

    /// An empty model; call ``attach(_:)`` with a `ui.attach` result before applying batches.
    public init() {}

    /// Replaces the whole model with an attach result (`UIState` as JSON).
    public func attach(_ result: JSONValue) throws(Violation) {
        nodes.removeAll()
        screens.removeAll()
        seq = try Self.require(result["seq"]?.integerValue, "attach without seq").asInt
        state = try Self.require(result["state"]?.objectValue, "attach without state")
        for entry in try Self.require(result["stack"]?.arrayValue, "attach without stack") {
            screens.append(try screen(entry, allowReused: true))
        }
    }

    /// Applies one `ui.redraw` params object (`{seq, ops}`); the batch must be the next one.
    public func apply(_ params: JSONValue) throws(Violation) {
        let number = try Self.require(params["seq"]?.integerValue, "batch without seq").asInt
        guard number == seq + 1 else { throw Violation("batch \(number) after \(seq)") }
        seq = number
        for op in try Self.require(params["ops"]?.arrayValue, "batch without ops") {
            try apply(op: op)
        }
    }

    private func apply(op: JSONValue) throws(Violation) {
        switch op["op"]?.stringValue {
        case "stack":
            var next: [Screen] = []
            for entry in try Self.require(op["stack"]?.arrayValue, "stack op without stack") {
                if entry["tree"] != nil {
                    next.append(try screen(entry, allowReused: false))
                } else {
                    let number = try Self.require(entry["screen"]?.integerValue, "stack entry without screen").asInt
                    guard var known = screens.first(where: { $0.number == number }) else {
                        throw Violation("stack names unknown screen \(number) without a tree")
                    }
                    known.title = try Self.require(entry["title"]?.stringValue, "stack entry without title")
                    next.append(known)
                }
            }
            let kept = Set(next.map(\.number))
            for screen in screens where !kept.contains(screen.number) { forget(screen.root) }
            screens = next
        case "state":
            for (key, value) in try Self.require(op["values"]?.objectValue, "state op without values") { state[key] = value }
            for key in op["removed"]?.arrayValue ?? [] { state[try Self.require(key.stringValue, "removed key not a string")] = nil }
        case "remove":
            let number = try node(op["node"])
            guard let parent = nodes[number]?.parent else { throw Violation("remove of root or unknown node \(number)") }
            nodes[parent]!.children.removeAll { $0 == number }
            forget(number)
        case "insert":
            let parent = try node(op["parent"])
            let index = try Self.require(op["index"]?.integerValue, "insert without index").asInt
            guard index >= 0, index <= nodes[parent]!.children.count else { throw Violation("insert at \(index) past the end") }
            let child = try add(try Self.require(op["tree"], "insert without tree"), parent: parent, allowReused: false)
            nodes[parent]!.children.insert(child, at: index)
        case "move":
            let number = try node(op["node"])
            let index = try Self.require(op["index"]?.integerValue, "move without index").asInt
            let parent = try Self.require(nodes[number]?.parent, "move of a root")
            nodes[parent]!.children.removeAll { $0 == number }
            guard index >= 0, index <= nodes[parent]!.children.count else { throw Violation("move to \(index) past the end") }
            nodes[parent]!.children.insert(number, at: index)
        case "update":
            let number = try node(op["node"])
            let snapshot = try Self.require(op["snapshot"]?.objectValue, "update without snapshot")
            guard snapshot["children"] == nil, snapshot["node"] == nil else {
                throw Violation("update carries children or node: \(op)")
            }
            nodes[number]!.snapshot = snapshot
        default:
            throw Violation("unknown op \(op)")
        }
    }

    /// The tree of a screen as `tree` returns it; with `nodeNumbers`, each node also carries `node`.
    public func tree(ofScreenAt index: Int, nodeNumbers: Bool = false) -> JSONValue {
        tree(screens[index].root, nodeNumbers: nodeNumbers)
    }

    private func tree(_ number: Int, nodeNumbers: Bool) -> JSONValue {
        let node = nodes[number]!
        var object = node.snapshot
        if nodeNumbers { object["node"] = .integer(Int64(number)) }
        object["children"] = .array(node.children.map { tree($0, nodeNumbers: nodeNumbers) })
        return .object(object)
    }

    private static func require<T>(_ value: T?, _ what: @autoclosure () -> String) throws(Violation) -> T {
        guard let value else { throw Violation(what()) }
        return value
    }

    private func node(_ value: JSONValue?) throws(Violation) -> Int {
        guard let number = value?.integerValue?.asInt, nodes[number] != nil else {
            throw Violation("unknown node \(String(describing: value))")
        }
        return number
    }

    private func screen(_ entry: JSONValue, allowReused: Bool) throws(Violation) -> Screen {
        let root = try add(try Self.require(entry["tree"], "screen without tree"), parent: nil, allowReused: allowReused)
        return Screen(number: try Self.require(entry["screen"]?.integerValue, "screen without number").asInt,
                      id: try Self.require(entry["id"]?.stringValue, "screen without id"),
                      title: try Self.require(entry["title"]?.stringValue, "screen without title"),
                      modal: try Self.require(entry["modal"]?.boolValue, "screen without modal"), root: root)
    }

    private func add(_ tree: JSONValue, parent: Int?, allowReused: Bool) throws(Violation) -> Int {
        var snapshot = try Self.require(tree.objectValue, "a tree that is not an object")
        let number = try Self.require(snapshot.removeValue(forKey: "node")?.integerValue, "a tree node without node").asInt
        guard nodes[number] == nil else { throw Violation("node \(number) given twice") }
        guard allowReused || !numbersSeen.contains(number) else { throw Violation("node number \(number) reused") }
        numbersSeen.insert(number)
        let children = snapshot.removeValue(forKey: "children")?.arrayValue ?? []
        nodes[number] = Node(snapshot: snapshot, children: [], parent: parent)
        var numbers: [Int] = []
        for child in children { numbers.append(try add(child, parent: number, allowReused: allowReused)) }
        nodes[number]!.children = numbers
        return number
    }

    private func forget(_ number: Int) {
        guard let node = nodes.removeValue(forKey: number) else { return }
        for child in node.children { forget(child) }
    }
}

private extension Int64 {
    var asInt: Int { Int(self) }
}
