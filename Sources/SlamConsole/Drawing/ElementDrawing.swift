/// How one element type is drawn: an entry of ``ScreenDrawing/elements``.
///
/// `draw` writes the element's own lines with the ``ElementPen`` it is given
/// (nothing, for an element that shows nothing in its state, such as an idle
/// activity indicator); ``ScreenDrawing`` adds the words or highlight of its
/// state and places its children.
struct ElementDrawing: Sendable {
    /// Where an element's children go.
    enum Children: Sendable {
        /// As the element declares with `axis`: one below the other, or side by side.
        case declared
        /// Side by side under a blank line, the element's lines and theirs in a frame (an alert and its buttons).
        case framedRow
    }

    let children: Children
    let draw: @Sendable (inout ElementPen) -> Void

    init(children: Children = .declared, _ draw: @escaping @Sendable (inout ElementPen) -> Void) {
        self.children = children
        self.draw = draw
    }
}
