/// What the parameters several methods share say of themselves.
enum CommonParameters {
    static let reference = "The element: its reference, or a locator {type, text, textMatches, role, name, within, nth}."
    static let optionalReference = "An element (a reference or a locator); default: the root view."
    static let actionTimeout = "How long to wait, in milliseconds, for the element to exist and be visible, enabled and not covered "
        + "before acting (event-driven); default 0: act at once."
    static let controller = "The identifier of a controller on the navigation stack (the topmost with it); default: the top controller."
}
