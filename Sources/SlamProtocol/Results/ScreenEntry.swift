import SlamJSON

/// One screen `push` can open (`screens`): its id, its title, and whether it is on the navigation stack now.
public struct ScreenEntry: Hashable, Sendable, DeclaredFields {
    public var id: String
    public var title: String
    public var onStack: Bool

    public init(id: String, title: String, onStack: Bool) {
        self.id = id
        self.title = title
        self.onStack = onStack
    }

    public static var empty: ScreenEntry { ScreenEntry(id: "", title: "", onStack: false) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("id", &id)
        visitor.field("title", &title)
        visitor.field("onStack", &onStack)
    }
}
