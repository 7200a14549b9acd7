import SlamJSON

/// `focusChanged`: a controller's keyboard focus moved (`focus`, Tab, a click in a renderer, an element removed).
public struct FocusChangedEvent: SlamEventParams, Hashable {
    public static var kind: EventKind { .focusChanged }
    public var controller: String
    public var ref: String?
    public var previous: String?

    public init(controller: String, ref: String?, previous: String?) {
        self.controller = controller
        self.ref = ref
        self.previous = previous
    }

    public static var empty: FocusChangedEvent { FocusChangedEvent(controller: "", ref: nil, previous: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("controller", &controller)
        visitor.field("ref", &ref, "The element focused now (its reference, or its path when it has none); null for none.")
        visitor.field("previous", &previous, "The element that had the focus before; null for none.")
    }
}
