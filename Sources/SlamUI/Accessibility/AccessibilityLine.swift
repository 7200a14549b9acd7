/// What one element shows of itself in the accessibility snapshot, kept on the element between
/// snapshots until it changes (``View/markChanged()`` drops it), so a snapshot of a screen that
/// barely changed re-reads only what did.
enum AccessibilityLine: Equatable {
    /// Hidden: nothing of it, nor of what is below it.
    case hidden
    /// A generic view without a name (a layout container): its children stand in its place.
    case transparent
    /// Its own line (``AccessibilityNode/line``); a node with a value shows no children.
    case node(line: String, hasValue: Bool)
}
