/// What the parameters several methods share say of themselves.
enum CommonParameters {
    static let reference = "The element's reference."
    static let optionalReference = "An element's reference; default: the root view."
    static let controller = "The identifier of a controller on the navigation stack (the topmost with it); default: the top controller."
}
