/// What a user sees of one element: its type, reference and user-visible
/// properties, under the names storyboards use.
public struct ElementSnapshot: Hashable, Sendable {
    public let type: String
    public let reference: String
    /// Properties in the element type's declared order (`visible` first).
    public let properties: [(name: String, value: PropertyValue)]

    public subscript(name: String) -> PropertyValue? {
        properties.first { $0.name == name }?.value
    }

    public static func == (lhs: ElementSnapshot, rhs: ElementSnapshot) -> Bool {
        lhs.type == rhs.type && lhs.reference == rhs.reference
            && lhs.properties.elementsEqual(rhs.properties) { $0.name == $1.name && $0.value == $1.value }
    }

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
