import SlamClient
import SlamJSON

extension RemoteUIModel {
    /// The element that holds the keyboard focus on the top screen (the one a renderer shows), with its node
    /// number; nil when no visible element there has it.
    public var focusedElement: (node: Int, snapshot: JSONValue)? {
        guard let top = screens.last else { return nil }
        var pending = [top.root]
        while let number = pending.popLast() {
            guard let node = nodes[number], node.snapshot["visible"]?.boolValue ?? true else { continue }
            if node.snapshot["focused"]?.boolValue == true { return (number, .object(node.snapshot)) }
            pending.append(contentsOf: node.children.reversed())
        }
        return nil
    }
}
