/// What a user sees of one element: its type, reference and user-visible
/// properties, under the names storyboards use.
public struct ElementSnapshot: Hashable, Sendable {
    /// The element's type name, as storyboards spell it (`"Button"`).
    public let type: String
    /// The element's reference within its controller; empty for an anonymous element.
    public let reference: String
    /// Properties in the element type's declared order (`visible` first).
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
        let type = Swift.type(of: self)
        return ElementSnapshot(type: type.typeName, reference: reference,
                               properties: type.properties.map { ($0.name, $0.read(self)) })
    }
}
