import SlamJSON

/// The text drawing of an element tree: `slamctl screen`'s wireframe
/// (``Wireframe``) and the body of `slamctl ui` (``ScreenRenderer``) are both
/// this drawing. Each element type is one entry of ``elements``; containers
/// place their children as they declare, one below the other or side by side
/// two columns apart; hidden elements and everything in them are left out.
///
/// Two layers go over the same lines. Text read without attributes
/// (``writesStates``, the wireframe) says in words what the terminal shows with
/// them: `(disabled)`, `(focused)`, a button's role, and with
/// ``showsReferences`` each element's `<reference>`. The terminal's input layer
/// (``isInteractive``) highlights the focused control, keeps a text field as
/// wide as one types into with its cursor, and shows a text view's last
/// ``textViewLines`` only. Both carry the regions a click acts on; the wireframe
/// leaves them unused.
struct ScreenDrawing: Sendable {
    /// Whether states show as words: `(disabled)`, `(focused)`, `[ Clear (destructive) ]`.
    var writesStates = false
    /// Whether each drawn element is followed by `<reference>` (with ``writesStates``).
    var showsReferences = false
    /// Whether the focused control is highlighted and a focused text field shows its cursor.
    var isInteractive = false
    /// Whether the focus highlight is a colour rather than reverse video.
    var usesColor = false
    /// The widest a side-by-side row may be before it goes on below (nil: it never does).
    var width: Int?
    /// The most lines a text view shows, its last ones (nil: all of them).
    var textViewLines: Int?

    /// The lines of `element` and its visible children, or nil when it is hidden.
    func draw(_ element: JSONValue) -> TextBlock? {
        guard element["visible"]?.boolValue ?? true else { return nil }
        var pen = ElementPen(element, drawing: self)
        let entry = Self.elements[pen.type]
        entry?.draw(&pen)
        var block = pen.block
        if writesStates, !block.lines.isEmpty { block.lines[0].append(stateWords(pen)) }
        if pen.isFocused, block.focusedRow == nil, !block.lines.isEmpty { block.focusedRow = 0 }
        let children = (element["children"]?.arrayValue ?? []).compactMap(draw).filter { !$0.lines.isEmpty }
        switch entry?.children ?? .declared {
        case .framedRow:
            block.appendBelow(TextBlock(lines: [TerminalLine()]))
            block.appendBelow(TextBlock.sideBySide(children, width: width.map { $0 - 4 }))
            return block.framed(TerminalStyle(foreground: TerminalStyle.yellow))
        case .declared where element["axis"]?.stringValue == "horizontal":
            block.appendBelow(TextBlock.sideBySide(children, width: width))
        case .declared:
            for child in children { block.appendBelow(child) }
        }
        return block
    }

    /// What follows an element's first line when states are words.
    private func stateWords(_ pen: ElementPen) -> TerminalLine {
        var words = TerminalLine()
        if !pen.isEnabled && !pen.wroteState { words.append(" (disabled)", TerminalStyle(dim: true)) }
        if pen.isFocused { words.append(" (focused)", TerminalStyle(bold: true)) }
        if showsReferences && !pen.ref.isEmpty { words.append(" <\(pen.ref)>", TerminalStyle(dim: true)) }
        return words
    }
}
