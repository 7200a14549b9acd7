import SlamProtocol

/// A deterministic text drawing of a screen: what a user would see, hidden
/// elements left out. It is the drawing `slamctl ui` shows (``ScreenDrawing``)
/// without its input layer, under a title line, with states in words
/// (`(disabled)`, `(focused)`, a button's role) since text has no attributes,
/// and without spaces at the ends of lines.
///
/// ```
/// == Slam Demo (Home) ==
/// Counter
/// Count: 0
/// [----------] 0%
/// [ +1 ]  [ -1 (disabled) ]  [ Reset (disabled) ]
/// ```
///
/// Pickers show each component's selected row (`size: [M ▾] [Blue ▾]`), date
/// pickers their value and bounds, sectioned tables their headers and rows
/// (`>` marks the selected row, `[x]` the selected rows of a multiple-selection
/// table), collection views a grid of `columns` cells (`[Pets]` selected), and
/// an alert a frame with its title, message and buttons side by side.
///
/// With `showsReferences`, each drawn element ends with its reference in angle
/// brackets (`[ +1 ] <increment>`), so a reader sees what to press.
public struct Wireframe: Sendable {
    public let style: ConsoleStyle
    /// Whether each drawn element is followed by `<reference>`.
    public let showsReferences: Bool

    public init(style: ConsoleStyle = .plain, showsReferences: Bool = false) {
        self.style = style
        self.showsReferences = showsReferences
    }

    /// Draws `root` (a `tree` result) under a title line.
    public func render(title: String, controller: String, root: Snapshot) -> String {
        let drawing = ScreenDrawing(writesStates: true, showsReferences: showsReferences)
        let lines = [TerminalLine("== \(title) (\(controller)) ==", TerminalStyle(bold: true))] + (drawing.draw(root.json)?.lines ?? [])
        return lines.map { line in
            let trimmed = line.trimmingTrailingSpaces()
            return style.usesColor ? trimmed.encoded(usesColor: true) : trimmed.plainText
        }.joined(separator: "\n")
    }
}
