import SlamJSON

/// What `locator` answers: the locator most likely to find the element again after the app changed,
/// chosen as the daemon's recorder chooses the `ref` of an `action` event.
public struct RobustLocator: Hashable, Sendable, DeclaredFields {
    public var locator: ElementLocator

    public init(locator: ElementLocator) {
        self.locator = locator
    }

    public static var empty: RobustLocator { RobustLocator(locator: "") }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("locator", &locator, "A reference string or a locator object, as `ref` takes it: `{role, name}`, else the reference, else `{type, text}`, else `{type, text?, within, nth?}`.")
    }
}
