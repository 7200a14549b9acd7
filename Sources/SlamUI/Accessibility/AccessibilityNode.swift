/// One line of an accessibility snapshot: an element, or a part an element shows (a segment, a
/// table row, a picker's option), with its role, name, states and the nodes below it.
///
/// ``View/accessibilityNodes(depth:)`` builds them from a view tree; ``AccessibilityNode/render(_:)``
/// writes them in the snapshot text format (`- switch "Wi-Fi" [checked] [ref=wifi]`).
public struct AccessibilityNode: Hashable, Sendable {
    /// The node's WAI-ARIA role.
    public var role: AccessibilityRole
    /// Its accessible name; "" for none.
    public var name: String
    /// What it says beyond its name; nil for none.
    public var description: String?
    /// Its states (a part's `selected` or `checked` …).
    public var states: AccessibilityStates
    /// The element's reference; "" for an anonymous element and for every part.
    public var reference: String
    /// What the node holds as text beyond its name (a text box's text), written after the line's `:`.
    public var value: String?
    /// The nodes below it, in order.
    public var children: [AccessibilityNode]

    /// A node; a part is usually made with a role, a name and the one state it has.
    public init(role: AccessibilityRole, name: String = "", description: String? = nil, states: AccessibilityStates = AccessibilityStates(),
                reference: String = "", value: String? = nil, children: [AccessibilityNode] = []) {
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.reference = reference
        self.value = value
        self.children = children
    }

    /// A part that is selected or not (a row, an option, a cell).
    public static func part(_ role: AccessibilityRole, _ name: String, selected: Bool, children: [AccessibilityNode] = []) -> AccessibilityNode {
        var states = AccessibilityStates()
        states.selected = selected
        return AccessibilityNode(role: role, name: name, states: states, children: children)
    }
}
