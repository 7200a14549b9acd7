/// A location inside a JSON document, written as `$.controllers[0].view.ref`.
///
/// Error messages across Slam name the offending value with one of these, so a
/// user can find it in their document without guessing.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The last component and, through its parent, all before it. Appending
    /// makes one small node and copies nothing, so readers can afford a path
    /// for every value of a large document.
    private let last: Node?

    private final class Node: Sendable {
        let parent: Node?
        let component: Component

        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    /// The document root, `$`.
    public static let root = JSONPath(last: nil)

    private init(last: Node?) {
        self.last = last
    }

    public init(components: [Component]) {
        var node: Node?
        for component in components { node = Node(parent: node, component: component) }
        self.last = node
    }

    /// The components from the root down.
    public var components: [Component] {
        var components: [Component] = []
        var node = last
        while let current = node {
            components.append(current.component)
            node = current.parent
        }
        return components.reversed()
    }

    /// This path extended by an object member.
    public func appending(key: String) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .key(key)))
    }

    /// This path extended by an array element.
    public func appending(index: Int) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .index(index)))
    }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainIdentifier(key):
                text += ".\(key)"
            case .key(let key):
                text += "[\(JSONValue.string(key).description)]"
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
    }
}
