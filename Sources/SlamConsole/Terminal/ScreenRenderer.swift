import SlamJSON

/// Lays out a screen's element tree for a terminal: a title line (the top
/// controller's title and the stack), the elements as the views declare them
/// (vertical or horizontal, a horizontal row wrapping when it does not fit),
/// and a status line; it records where each element went, for the mouse.
///
/// The body is the drawing `slamctl screen` prints (``ScreenDrawing``) with the
/// terminal's layers on it: colours, disabled elements dimmed instead of saying
/// so, the focused control in reverse video (a colour with colours), a text
/// field as wide as one types into with a cursor when focused, a text view's
/// last lines only, and a row of elements that does not fit going on below. A
/// body taller than the terminal scrolls to keep the focused element in sight.
public struct ScreenRenderer: Sendable {
    public var usesColor: Bool
    /// The most lines a text view shows (its last ones: it is scrolled to the end).
    public var textViewLines = 6

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// What to draw around the tree.
    public struct Chrome: Sendable {
        public var title: String
        /// The identifiers of the stack, root first.
        public var stack: [String]
        /// The last event, on the left of the status line.
        public var status: String
        /// Key help, on the right of the status line.
        public var help: String

        public init(title: String, stack: [String], status: String, help: String = ScreenRenderer.keyHelp) {
            self.title = title
            self.stack = stack
            self.status = status
            self.help = help
        }
    }

    public static let keyHelp = "Tab ⇧Tab move · Enter press · ←→↑↓ change · Esc back · ^C quit"

    /// A frame of exactly `height` lines of `width` columns.
    public func render(_ chrome: Chrome, root: JSONValue?, width: Int, height: Int) -> TerminalFrame {
        let width = max(width, 10), height = max(height, 3)
        var lines: [TerminalLine] = []
        // The title line: the title, then the stack as a path.
        var title = TerminalLine(" " + chrome.title + " ", TerminalStyle(bold: true, reverse: !usesColor, foreground: TerminalStyle.white, background: TerminalStyle.blue))
        let path = chrome.stack.joined(separator: " › ")
        title.append(" " + path + " ", TerminalStyle(dim: !usesColor, foreground: TerminalStyle.cyan))
        lines.append(title.truncated(to: width))
        lines.append(TerminalLine())

        // The body, scrolled so that the focused element shows.
        let bodyHeight = height - 3
        let drawing = ScreenDrawing(isInteractive: true, usesColor: usesColor, width: width - 2, textViewLines: textViewLines)
        let body = root.flatMap(drawing.draw) ?? TextBlock()
        var offset = 0
        if body.lines.count > bodyHeight, let focused = body.focusedRow {
            offset = min(max(0, focused - bodyHeight / 2), body.lines.count - bodyHeight)
        }
        var regions: [ElementRegion] = []
        for index in 0..<bodyHeight {
            let source = offset + index
            var line = TerminalLine(" ")
            if source < body.lines.count { line.append(body.lines[source]) }
            lines.append(line.truncated(to: width))
        }
        for region in body.regions where region.row >= offset && region.row < offset + bodyHeight {
            var moved = region
            moved.row = region.row - offset + 2
            moved.column = region.column + 1
            guard moved.column < width else { continue }
            moved.width = min(moved.width, width - moved.column)
            regions.append(moved)
        }
        if offset > 0 { lines[2] = overlayRight(lines[2], "↑ more", width: width) }
        if offset + bodyHeight < body.lines.count { lines[height - 2] = overlayRight(lines[height - 2], "↓ more", width: width) }

        // The status line: the last event on the left, key help on the right when it fits.
        let statusStyle = TerminalStyle(reverse: !usesColor, foreground: TerminalStyle.white, background: TerminalStyle.blue)
        var status = TerminalLine(" " + chrome.status, statusStyle)
        let help = chrome.help + " "
        if status.width + 2 + help.count <= width {
            status.pad(to: width - help.count, statusStyle)
            status.append(help, TerminalStyle(dim: !usesColor, reverse: !usesColor, foreground: TerminalStyle.cyan, background: TerminalStyle.blue))
        }
        status.pad(to: width, statusStyle)
        lines.append(status.truncated(to: width))
        return TerminalFrame(lines: lines, regions: regions, width: width)
    }

    private func overlayRight(_ line: TerminalLine, _ text: String, width: Int) -> TerminalLine {
        var cut = line.truncated(to: width - text.count - 1)
        cut.pad(to: width - text.count - 1)
        cut.append(text, TerminalStyle(dim: true))
        return cut
    }
}
