/// Styled lines and where each element went in them (rows and columns from the
/// block's top left): what ``ScreenDrawing`` builds for each element and
/// container, and what containers put together.
struct TextBlock {
    var lines: [TerminalLine] = []
    var regions: [ElementRegion] = []
    /// The first row of the focused element, if it is in the block.
    var focusedRow: Int?

    var width: Int { lines.map(\.width).max() ?? 0 }

    /// `other` below this block.
    mutating func appendBelow(_ other: TextBlock) {
        let top = lines.count
        lines += other.lines
        regions += other.regions.map { var region = $0; region.row += top; return region }
        if focusedRow == nil, let row = other.focusedRow { focusedRow = row + top }
    }

    /// `other` to the right of this block, from `column`.
    mutating func place(_ other: TextBlock, row: Int, column: Int) {
        while lines.count < row + other.lines.count { lines.append(TerminalLine()) }
        for (index, line) in other.lines.enumerated() {
            lines[row + index].pad(to: column)
            lines[row + index].append(line)
        }
        regions += other.regions.map { var region = $0; region.row += row; region.column += column; return region }
        if focusedRow == nil, let focused = other.focusedRow { focusedRow = focused + row }
    }

    /// Blocks side by side, two columns apart, each as wide as its widest line; onto the next rows when
    /// they do not fit in `width` (nil: they always fit).
    static func sideBySide(_ blocks: [TextBlock], width: Int?) -> TextBlock {
        var result = TextBlock()
        var row = 0, column = 0, rowHeight = 0
        for block in blocks {
            if let width, column > 0, column + 2 + block.width > width {
                row += rowHeight
                column = 0
                rowHeight = 0
            }
            let start = column == 0 ? 0 : column + 2
            result.place(block, row: row, column: start)
            column = start + block.width
            rowHeight = max(rowHeight, block.lines.count)
        }
        return result
    }

    /// The block in a frame, one column of space inside it on each side.
    func framed(_ style: TerminalStyle) -> TextBlock {
        let inner = width
        var result = TextBlock(lines: [TerminalLine("┌" + String(repeating: "─", count: inner + 2) + "┐", style)])
        var body = TextBlock()
        for line in lines {
            var framedLine = TerminalLine("│ ", style)
            framedLine.append(line)
            framedLine.pad(to: inner + 2)
            framedLine.append(" │", style)
            body.lines.append(framedLine)
        }
        body.regions = regions.map { var region = $0; region.column += 2; return region }
        body.focusedRow = focusedRow
        result.appendBelow(body)
        result.appendBelow(TextBlock(lines: [TerminalLine("└" + String(repeating: "─", count: inner + 2) + "┘", style)]))
        return result
    }
}
