import SlamJSON

/// What an element's entry in ``ScreenDrawing/elements`` draws with: the
/// element's snapshot, and calls that write its lines in the styles of the
/// drawing, noting what a click on each part does.
///
/// An entry writes its parts once; the pen decides how a part looks: a control
/// in the terminal is highlighted when focused, and dim when disabled wherever
/// colours show.
struct ElementPen {
    let element: JSONValue
    let drawing: ScreenDrawing
    let type: String
    let ref: String
    let node: Int?
    let isFocused: Bool
    let isEnabled: Bool
    private(set) var block = TextBlock()
    /// Whether the entry wrote the element's state itself (a button says `(disabled)` inside its brackets);
    /// otherwise the drawing adds it after the first line.
    var wroteState = false

    init(_ element: JSONValue, drawing: ScreenDrawing) {
        self.element = element
        self.drawing = drawing
        type = element["type"]?.stringValue ?? ""
        ref = element["ref"]?.stringValue ?? ""
        node = element["node"]?.integerValue.map { Int($0) }
        isFocused = element["focused"]?.boolValue == true
        isEnabled = element["enabled"]?.boolValue ?? true
    }

    /// A property of the element's snapshot.
    subscript(_ property: String) -> JSONValue? { element[property] }

    /// A number property as the console writes numbers (`5`, `0.5`).
    func number(_ property: String) -> String { SnapshotFormatter.number(element[property]) }

    /// The strings of an array (other entries left out).
    func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Starts a line, with `text` on it.
    mutating func newLine(_ text: String = "", _ style: TerminalStyle = .plain) {
        block.lines.append(TerminalLine(text, style))
    }

    /// `text` at the end of the current line (the first one, when there is none yet).
    mutating func text(_ text: String, _ style: TerminalStyle = .plain) {
        if block.lines.isEmpty { block.lines.append(TerminalLine()) }
        block.lines[block.lines.count - 1].append(text, style)
    }

    /// The element's name before its control, `volume: ` (nothing for an element without one).
    mutating func name() {
        if !ref.isEmpty { text("\(ref): ", nameStyle) }
    }

    /// A name or a frame around a control: dim when the element is disabled.
    var nameStyle: TerminalStyle { TerminalStyle(dim: !isEnabled) }

    /// How a control part looks: `base`, highlighted in the terminal when focused (`focused` overrides the
    /// element's focus, for a part of it), dim when disabled.
    func controlStyle(_ base: TerminalStyle = .plain, focused: Bool? = nil) -> TerminalStyle {
        var style = base
        if drawing.isInteractive && (focused ?? isFocused) {
            style.reverse = true
            style.bold = true
            if drawing.usesColor { style.reverse = false; style.foreground = 0; style.background = TerminalStyle.cyan }
        } else if !isEnabled {
            style.dim = true
            style.foreground = nil
        }
        return style
    }

    /// A control part that a click acts on, in ``controlStyle(_:focused:)``.
    mutating func control(_ text: String, _ action: ElementRegion.Action, _ base: TerminalStyle = .plain, focused: Bool? = nil) {
        clickable(action) { $0.text(text, $0.controlStyle(base, focused: focused)) }
    }

    /// Whatever `draw` writes on the current line, as one region that a click acts on.
    mutating func clickable(_ action: ElementRegion.Action, _ draw: (inout ElementPen) -> Void) {
        if block.lines.isEmpty { block.lines.append(TerminalLine()) }
        let row = block.lines.count - 1, column = block.lines[row].width
        draw(&self)
        let width = block.lines[row].width - column
        block.regions.append(ElementRegion(row: row, column: column, width: width, ref: ref, type: type, node: node, action: action))
    }

    /// Keeps the current line in sight when the element has the focus (a table's selected row).
    mutating func markFocusedRow() {
        if block.focusedRow == nil, !block.lines.isEmpty { block.focusedRow = block.lines.count - 1 }
    }
}
