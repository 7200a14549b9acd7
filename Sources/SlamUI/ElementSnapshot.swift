/// What a user sees of one element: its type, reference, accessibility role and name, and
/// user-visible properties, under the names storyboards use.
public struct ElementSnapshot: Hashable, Sendable {
    /// The element's type name, as storyboards spell it (`"Button"`).
    public let type: String
    /// The element's reference within its controller; empty for an anonymous element.
    public let reference: String
    /// The snapshot's members after `type` and `ref`, as ``View/forEachSnapshotMember(_:)`` gives them:
    /// `role`, `name`, `description` when there is one, the type's properties in declared order
    /// (`visible` first), then the ARIA states that apply.
    public let properties: [(name: String, value: PropertyValue)]

    /// The value of the property `name`, or nil when the element type has no such property.
    public subscript(name: String) -> PropertyValue? {
        properties.first { $0.name == name }?.value
    }

    /// Whether both show the same type, reference, and property values in the same order.
    public static func == (lhs: ElementSnapshot, rhs: ElementSnapshot) -> Bool {
        lhs.type == rhs.type && lhs.reference == rhs.reference
            && lhs.properties.elementsEqual(rhs.properties) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the type, reference and every property, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(reference)
        for property in properties {
            hasher.combine(property.name)
            hasher.combine(property.value)
        }
    }
}

extension View {
    /// The element's user-visible state now: a pure read, no data source is called.
    public func snapshot() -> ElementSnapshot {
        var members: [(name: String, value: PropertyValue)] = []
        forEachSnapshotMember { members.append(($0, $1)) }
        return ElementSnapshot(type: Swift.type(of: self).typeName, reference: reference, properties: members)
    }

    /// Calls `body` with each member a snapshot shows after `type` and `ref`, in order: `role`,
    /// `name`, `description` (when the element has one), the type's properties in declared order,
    /// then the ARIA states that apply (`checked`, `disabled` when true, `expanded`, `selected`,
    /// `level`, `valueNow`, `valueMin`, `valueMax`, `valueText`). Every writer of snapshots uses this
    /// one walk, so replies, events and comparisons cannot disagree.
    public func forEachSnapshotMember(_ body: (String, PropertyValue) -> Void) {
        body("role", .string(accessibilityRole.rawValue))
        body("name", .string(accessibleName))
        if let description = accessibleDescription { body("description", .string(description)) }
        for property in Swift.type(of: self).properties { body(property.name, property.read(self)) }
        Self.forEachStateMember(of: accessibilityStates, body)
    }

    /// The ARIA states that apply, as the snapshot members ``forEachSnapshotMember(_:)`` ends with.
    private static func forEachStateMember(of states: AccessibilityStates, _ body: (String, PropertyValue) -> Void) {
        if let checked = states.checked { body("checked", .bool(checked)) }
        if states.disabled { body("disabled", .bool(true)) }
        if let expanded = states.expanded { body("expanded", .bool(expanded)) }
        if let selected = states.selected { body("selected", .bool(selected)) }
        if let level = states.level { body("level", .integer(level)) }
        if let value = states.valueNow { body("valueNow", .double(value)) }
        if let value = states.valueMin { body("valueMin", .double(value)) }
        if let value = states.valueMax { body("valueMax", .double(value)) }
        if let text = states.valueText { body("valueText", .string(text)) }
    }

    /// The names of the members ``forEachSnapshotMember(_:)`` may give besides a type's properties,
    /// in the order it gives them: the accessibility members every snapshot may carry.
    public static let accessibilitySnapshotMembers = [
        "role", "name", "description", "checked", "disabled", "expanded", "selected", "level",
        "valueNow", "valueMin", "valueMax", "valueText",
    ]
}

extension View {
    /// The snapshot member `name` read alone, as waits and templates judge it after every change: a
    /// property of the type, or an accessibility member (`role`, `name`, `description` — null when there
    /// is none —, a state). `disabled` reads false on an enabled control, where a snapshot leaves it out.
    /// Nil when the element's snapshots never carry `name`.
    public func snapshotMember(named name: String) -> PropertyValue? {
        if let property = Swift.type(of: self).properties.first(where: { $0.name == name }) { return property.read(self) }
        switch name {
        case "role": return .string(accessibilityRole.rawValue)
        case "name": return .string(accessibleName)
        case "description": return accessibleDescription.map(PropertyValue.string) ?? .null
        default: break
        }
        guard View.accessibilitySnapshotMembers.contains(name) else { return nil }
        // Waits judge this after every change: the states alone, not the whole snapshot.
        var found: PropertyValue?
        Self.forEachStateMember(of: accessibilityStates) { member, value in if member == name { found = value } }
        if found == nil, name == "disabled", self is ControlView { return .bool(false) }
        return found
    }

    /// Whether `name` is a member this element's snapshots may carry: one of its type's properties or
    /// an accessibility member.
    public func mayCarrySnapshotMember(named name: String) -> Bool {
        Swift.type(of: self).properties.contains { $0.name == name } || View.accessibilitySnapshotMembers.contains(name)
    }
}
