/// The accessibility snapshot of a view tree: what assistive technology, agents and `snapshot` see.
extension View {
    /// This element and what is below it as accessibility nodes: none when it is hidden; its
    /// children's nodes in its place when it is a `generic` view without a name (a layout container
    /// means nothing to a person); else one node, with its parts (``accessibilityParts``) and then
    /// its children's nodes below it.
    ///
    /// - Parameter depth: how many levels of nodes to keep below the first (0: the first level
    ///   alone); nil for all. Levels are the snapshot's: a generic view left out is none, and a
    ///   part (a table's row) is one.
    public func accessibilityNodes(depth: Int? = nil) -> [AccessibilityNode] {
        if isHidden { return [] }
        let name = accessibleName
        let role = accessibilityRole
        if role == .generic, name.isEmpty {
            return subviews.flatMap { $0.accessibilityNodes(depth: depth) }
        }
        var node = AccessibilityNode(role: role, name: name, description: accessibleDescription, states: accessibilityStates,
                                     reference: reference, value: accessibleValue)
        if depth != 0 {
            let below = depth.map { $0 - 1 }
            node.children = accessibilityParts.map { $0.keeping(depth: below) } + subviews.flatMap { $0.accessibilityNodes(depth: below) }
        }
        return [node]
    }

    /// The accessibility snapshot's text of this element and what is below it (see ``accessibilityNodes(depth:)``).
    public func accessibilitySnapshot(depth: Int? = nil) -> String {
        AccessibilityNode.render(accessibilityNodes(depth: depth))
    }
}

extension AccessibilityNode {
    /// The node with `depth` levels kept below it (nil: all).
    func keeping(depth: Int?) -> AccessibilityNode {
        guard let depth else { return self }
        var node = self
        node.children = depth == 0 ? [] : children.map { $0.keeping(depth: depth - 1) }
        return node
    }
}
