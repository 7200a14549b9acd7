/// The direction in which a container lays out its children.
///
/// Renderers follow it: the wireframe and the browser page put the children
/// of a horizontal view side by side (wrapping when they do not fit), and of a
/// vertical view one below the other.
public enum LayoutAxis: String, CaseIterable, Hashable, Sendable {
    case vertical
    case horizontal
}
