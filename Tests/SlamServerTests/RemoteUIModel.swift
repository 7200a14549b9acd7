import Testing
import SlamJSON

/// A renderer's model built only from what `ui.attach` and `ui.redraw` say, as
/// any renderer would build it: nodes by number, each with its snapshot and its
/// children, and the screens of the stack. Tests compare it with `tree`.
final class RemoteUIModel {
    struct Node {
        var snapshot: JSONValue.Object
        var children: [Int]
        var parent: Int?
    }

    struct Screen {
        var number: Int
        var id: String
        var title: String
        var modal: Bool
        var root: Int
    }

    private(set) var seq = 0
    private(set) var screens: [Screen] = []
    private(set) var state: JSONValue.Object = [:]
    private(set) var nodes: [Int: Node] = [:]
    /// Numbers ever seen, to check that none is given twice.
    private var numbersSeen: Set<Int> = []

    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    /// Replaces the whole model with an attach result.
    func attach(_ result: JSONValue) throws {
        nodes.removeAll()
        screens.removeAll()
        seq = try #require(result["seq"]?.integerValue).asInt
        state = try #require(result["state"]?.objectValue)
        for entry in try #require(result["stack"]?.arrayValue) {
            screens.append(try screen(entry, allowReused: true))
        }
    }

    /// Applies one `ui.redraw` params object; the batch must be the next one.
    func apply(_ params: JSONValue) throws {
        let number = try #require(params["seq"]?.integerValue).asInt
        guard number == seq + 1 else { throw Violation(description: "batch \(number) after \(seq)") }
        seq = number
        for op in try #require(params["ops"]?.arrayValue) {
            switch op["op"]?.stringValue {
            case "stack":
                var next: [Screen] = []
                for entry in try #require(op["stack"]?.arrayValue) {
                    if entry["tree"] != nil {
                        next.append(try screen(entry, allowReused: false))
                    } else {
                        let number = try #require(entry["screen"]?.integerValue).asInt
                        guard var known = screens.first(where: { $0.number == number }) else {
                            throw Violation(description: "stack names unknown screen \(number) without a tree")
                        }
                        known.title = try #require(entry["title"]?.stringValue)
                        next.append(known)
                    }
                }
                let kept = Set(next.map(\.number))
                for screen in screens where !kept.contains(screen.number) { forget(screen.root) }
                screens = next
            case "state":
                for (key, value) in try #require(op["values"]?.objectValue) { state[key] = value }
                for key in op["removed"]?.arrayValue ?? [] { state[try #require(key.stringValue)] = nil }
            case "remove":
                let number = try node(op["node"])
                guard let parent = nodes[number]?.parent else { throw Violation(description: "remove of root or unknown node \(number)") }
                nodes[parent]!.children.removeAll { $0 == number }
                forget(number)
            case "insert":
                let parent = try node(op["parent"])
                let index = try #require(op["index"]?.integerValue).asInt
                guard index <= nodes[parent]!.children.count else { throw Violation(description: "insert at \(index) past the end") }
                let child = try add(try #require(op["tree"]), parent: parent, allowReused: false)
                nodes[parent]!.children.insert(child, at: index)
            case "move":
                let number = try node(op["node"])
                let index = try #require(op["index"]?.integerValue).asInt
                let parent = try #require(nodes[number]?.parent)
                nodes[parent]!.children.removeAll { $0 == number }
                guard index <= nodes[parent]!.children.count else { throw Violation(description: "move to \(index) past the end") }
                nodes[parent]!.children.insert(number, at: index)
            case "update":
                let number = try node(op["node"])
                var snapshot = try #require(op["snapshot"]?.objectValue)
                guard snapshot["children"] == nil, snapshot["node"] == nil else {
                    throw Violation(description: "update carries children or node: \(op)")
                }
                snapshot["node"] = nil
                nodes[number]!.snapshot = snapshot
            default:
                throw Violation(description: "unknown op \(op)")
            }
        }
    }

    /// The tree of a screen as `tree` returns it (no node numbers).
    func tree(ofScreenAt index: Int) -> JSONValue {
        tree(screens[index].root)
    }

    private func tree(_ number: Int) -> JSONValue {
        let node = nodes[number]!
        var object = node.snapshot
        object["children"] = .array(node.children.map { tree($0) })
        return .object(object)
    }

    private func node(_ value: JSONValue??) throws -> Int {
        guard let number = value??.integerValue?.asInt, nodes[number] != nil else {
            throw Violation(description: "unknown node \(String(describing: value))")
        }
        return number
    }

    private func screen(_ entry: JSONValue, allowReused: Bool) throws -> Screen {
        let root = try add(try #require(entry["tree"]), parent: nil, allowReused: allowReused)
        return Screen(number: try #require(entry["screen"]?.integerValue).asInt, id: try #require(entry["id"]?.stringValue),
                      title: try #require(entry["title"]?.stringValue), modal: try #require(entry["modal"]?.boolValue as Bool?), root: root)
    }

    private func add(_ tree: JSONValue, parent: Int?, allowReused: Bool) throws -> Int {
        var snapshot = try #require(tree.objectValue)
        let number = try #require(snapshot.removeValue(forKey: "node")?.integerValue).asInt
        guard nodes[number] == nil else { throw Violation(description: "node \(number) given twice") }
        guard allowReused || !numbersSeen.contains(number) else { throw Violation(description: "node number \(number) reused") }
        numbersSeen.insert(number)
        let children = snapshot.removeValue(forKey: "children")?.arrayValue ?? []
        nodes[number] = Node(snapshot: snapshot, children: [], parent: parent)
        nodes[number]!.children = try children.map { try add($0, parent: number, allowReused: allowReused) }
        return number
    }

    private func forget(_ number: Int) {
        guard let node = nodes.removeValue(forKey: number) else { return }
        for child in node.children { forget(child) }
    }
}

extension Int64 {
    var asInt: Int { Int(self) }
}
