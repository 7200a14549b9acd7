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

    /// The accessibility snapshot's text of this element and what is below it: what
    /// ``AccessibilityNode/render(_:)`` makes of ``accessibilityNodes(depth:)``, written from each
    /// element's kept line.
    public func accessibilitySnapshot(depth: Int? = nil) -> String {
        var text = ""
        writeAccessibilitySnapshot(into: &text, indent: 0, depth: depth)
        return text
    }

    private func writeAccessibilitySnapshot(into text: inout String, indent: Int, depth: Int?) {
        switch accessibilityLine {
        case .hidden:
            return
        case .transparent:
            for subview in subviews { subview.writeAccessibilitySnapshot(into: &text, indent: indent, depth: depth) }
        case .node(let line, let hasValue):
            for _ in 0..<indent { text += "  " }
            text += line
            guard !hasValue, depth != 0 else {
                text += "\n"
                return
            }
            // The line ends in ":" only when something follows below it.
            text += ":\n"
            let lengthBefore = text.utf8.count
            let below = depth.map { $0 - 1 }
            for part in accessibilityParts { part.keeping(depth: below).write(into: &text, indent: indent + 1) }
            for subview in subviews { subview.writeAccessibilitySnapshot(into: &text, indent: indent + 1, depth: below) }
            if text.utf8.count == lengthBefore {
                text.removeLast(2)
                text += "\n"
            }
        }
    }

    /// The element's own part of the accessibility snapshot: kept until it changes.
    ///
    /// Debug builds check every reuse against the line made anew, so any change that reaches
    /// the snapshot without ``markChanged()`` fails the tests that make it.
    var accessibilityLine: AccessibilityLine {
        if let cached = cachedAccessibilityLine {
            #if DEBUG
            let fresh = freshAccessibilityLine()
            precondition(fresh == cached, "the cached accessibility line of \(referenceOrPath) is stale: \(cached), now \(fresh)")
            #endif
            return cached
        }
        let line = freshAccessibilityLine()
        cachedAccessibilityLine = line
        return line
    }

    /// What ``accessibilityNodes(depth:)`` makes of this element itself, worked out now.
    func freshAccessibilityLine() -> AccessibilityLine {
        if isHidden { return .hidden }
        let name = accessibleName
        let role = accessibilityRole
        if role == .generic, name.isEmpty { return .transparent }
        let node = AccessibilityNode(role: role, name: name, description: accessibleDescription, states: accessibilityStates,
                                     reference: reference, value: accessibleValue)
        return .node(line: node.line, hasValue: node.value != nil)
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

extension View {
    /// Whether the kept accessibility line differs from the line made now: never, unless a change
    /// reached this element without ``markChanged()``. Property tests and fuzzers look.
    @_spi(SnapshotCache) public var hasStaleAccessibilityLine: Bool {
        cachedAccessibilityLine.map { $0 != freshAccessibilityLine() } ?? false
    }
}
