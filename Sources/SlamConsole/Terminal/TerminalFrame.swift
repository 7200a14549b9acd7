/// A whole screen: exactly one line per terminal row, and the regions of the elements drawn.
public struct TerminalFrame: Hashable, Sendable {
    public var lines: [TerminalLine]
    public var regions: [ElementRegion]
    /// The columns each line is cut or padded to.
    public var width: Int

    public init(lines: [TerminalLine], regions: [ElementRegion], width: Int) {
        self.lines = lines
        self.regions = regions
        self.width = width
    }

    /// The region under a cell (0-based), the innermost when several overlap.
    public func region(atRow row: Int, column: Int) -> ElementRegion? {
        regions.last { $0.contains(row: row, column: column) }
    }

    /// The frame as plain text, trailing spaces removed: what `tmux capture-pane -p` shows.
    public var plainText: String {
        lines.map { line in
            var text = line.plainText
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    /// Each line as the bytes a terminal needs (what ``TerminalRepaint`` compares).
    public func encodedLines(usesColor: Bool) -> [String] {
        lines.map { $0.encoded(usesColor: usesColor) }
    }
}
