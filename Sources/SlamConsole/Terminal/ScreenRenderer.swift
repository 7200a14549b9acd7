import SlamJSON

/// Lays out a screen's element tree for a terminal: a title line (the top
/// controller's title and the stack), the elements as the views declare them
/// (vertical or horizontal, a horizontal row wrapping when it does not fit),
/// and a status line; it records where each element went, for the mouse.
///
/// Every element kind is drawn as a person expects: `[ Save ]` buttons, `[x] on`
/// switches, `[-] 6 [+]` steppers, `[-] ━━●── [+] 40` sliders (a click on the
/// track sets the value there), segments side by side, page dots, progress
/// bars, tables with their selection, text fields as boxes with a cursor when
/// focused, text views as a scrolled box, web views as their title and address.
/// Hidden elements are not drawn, disabled ones are dimmed, the focused one is
/// in reverse video. A body taller than the terminal scrolls to keep the focused
/// element in sight.
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
        var body = Block()
        if let root { body = draw(root, width: width - 2) ?? Block() }
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

    // MARK: - Blocks

    /// Lines with the regions drawn in them (rows and columns relative to the block).
    struct Block {
        var lines: [TerminalLine] = []
        var regions: [ElementRegion] = []
        /// The first row of the focused element, if it is in the block.
        var focusedRow: Int?

        var width: Int { lines.map(\.width).max() ?? 0 }

        /// `other` below this block.
        mutating func appendBelow(_ other: Block) {
            let top = lines.count
            lines += other.lines
            regions += other.regions.map { var region = $0; region.row += top; return region }
            if focusedRow == nil, let row = other.focusedRow { focusedRow = row + top }
        }

        /// `other` to the right of this block, from `column`.
        mutating func place(_ other: Block, row: Int, column: Int) {
            while lines.count < row + other.lines.count { lines.append(TerminalLine()) }
            for (index, line) in other.lines.enumerated() {
                lines[row + index].pad(to: column)
                lines[row + index].append(line)
            }
            regions += other.regions.map { var region = $0; region.row += row; region.column += column; return region }
            if focusedRow == nil, let focused = other.focusedRow { focusedRow = focused + row }
        }
    }

    /// Builds one line of an element, noting regions as it goes.
    struct LineBuilder {
        var line = TerminalLine()
        var regions: [ElementRegion] = []
        let ref: String
        let type: String
        let node: Int?

        mutating func text(_ text: String, _ style: TerminalStyle = .plain) {
            line.append(text, style)
        }

        /// Text that a click acts on.
        mutating func active(_ text: String, _ style: TerminalStyle, _ action: ElementRegion.Action) {
            regions.append(ElementRegion(row: 0, column: line.width, width: text.count, ref: ref, type: type, node: node, action: action))
            line.append(text, style)
        }

        var block: Block { Block(lines: [line], regions: regions) }
    }

    // MARK: - Elements

    private func draw(_ element: JSONValue, width: Int) -> Block? {
        guard element["visible"]?.boolValue ?? true else { return nil }
        var block = drawing(of: element, width: width) ?? Block()
        if element["focused"]?.boolValue == true, block.focusedRow == nil, !block.lines.isEmpty { block.focusedRow = 0 }
        let children = (element["children"]?.arrayValue ?? [])
        let horizontal = element["axis"]?.stringValue == "horizontal"
        let blocks = children.compactMap { draw($0, width: width) }.filter { !$0.lines.isEmpty }
        if element["type"]?.stringValue == "Alert" {
            var inner = block
            inner.appendBelow(Block(lines: [TerminalLine()]))
            inner.appendBelow(sideBySide(blocks, width: width - 4))
            return boxed(inner)
        }
        if horizontal {
            block.appendBelow(sideBySide(blocks, width: width))
        } else {
            for child in blocks { block.appendBelow(child) }
        }
        return block
    }

    /// Blocks side by side, two columns apart, onto the next rows when they do not fit in `width`.
    private func sideBySide(_ blocks: [Block], width: Int) -> Block {
        var result = Block()
        var row = 0, column = 0, rowHeight = 0
        for block in blocks {
            if column > 0 && column + 2 + block.width > width {
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

    private func boxed(_ block: Block) -> Block {
        let inner = block.width
        let edge = TerminalStyle(foreground: TerminalStyle.yellow)
        var result = Block(lines: [TerminalLine("┌" + String(repeating: "─", count: inner + 2) + "┐", edge)])
        var body = Block()
        for line in block.lines {
            var boxedLine = TerminalLine("│ ", edge)
            boxedLine.append(line)
            boxedLine.pad(to: inner + 2)
            boxedLine.append(" │", edge)
            body.lines.append(boxedLine)
        }
        body.regions = block.regions.map { var region = $0; region.column += 2; return region }
        body.focusedRow = block.focusedRow
        result.appendBelow(body)
        result.appendBelow(Block(lines: [TerminalLine("└" + String(repeating: "─", count: inner + 2) + "┘", edge)]))
        return result
    }

    private func style(focused: Bool, enabled: Bool, base: TerminalStyle = .plain) -> TerminalStyle {
        var style = base
        if focused {
            style.reverse = true
            style.bold = true
            if usesColor { style.reverse = false; style.foreground = 0; style.background = TerminalStyle.cyan }
        } else if !enabled {
            style.dim = true
            style.foreground = nil
        }
        return style
    }

    private static func number(_ value: JSONValue?) -> String {
        SnapshotFormatter.number(value)
    }

    private func drawing(of element: JSONValue, width: Int) -> Block? {
        let type = element["type"]?.stringValue ?? ""
        let ref = element["ref"]?.stringValue ?? ""
        let node = element["node"]?.integerValue.map { Int($0) }
        let focused = element["focused"]?.boolValue == true
        let enabled = element["enabled"]?.boolValue ?? true
        var builder = LineBuilder(ref: ref, type: type, node: node)
        let labelStyle = TerminalStyle(dim: !enabled)
        let controlStyle = style(focused: focused, enabled: enabled)
        switch type {
        case "Label":
            let text = element["text"]?.stringValue ?? ""
            if text.isEmpty { return nil }
            return Block(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalLine(String($0)) })
        case "Button":
            let title = element["text"]?.stringValue ?? ref
            var base = TerminalStyle.plain
            if element["role"]?.stringValue == "destructive" { base.foreground = TerminalStyle.red }
            if element["role"]?.stringValue == "cancel" { base.bold = false }
            builder.active("[ \(title) ]", style(focused: focused, enabled: enabled, base: base), .press(nil))
        case "Switch":
            let on = element["isOn"]?.boolValue == true
            builder.text("\(ref) ", labelStyle)
            var base = TerminalStyle.plain
            if on { base.foreground = TerminalStyle.green }
            builder.active(on ? "[x] on " : "[ ] off", style(focused: focused, enabled: enabled, base: base), .press(nil))
        case "Stepper":
            builder.text("\(ref) ", labelStyle)
            builder.active("[-]", controlStyle, .press("decrement"))
            builder.active(" \(Self.number(element["value"])) ", style(focused: focused, enabled: enabled, base: TerminalStyle(bold: true)), .press("increment"))
            builder.active("[+]", controlStyle, .press("increment"))
            builder.text("  \(Self.number(element["minimumValue"]))…\(Self.number(element["maximumValue"]))", TerminalStyle(dim: true))
        case "Slider":
            // [-] a track whose cells press the value they stand for, the value, [+].
            let minimum = element["minimumValue"]?.doubleValue ?? 0, maximum = element["maximumValue"]?.doubleValue ?? 1
            let value = element["value"]?.doubleValue ?? minimum
            let cells = 16
            let thumb = maximum > minimum ? Int((min(max((value - minimum) / (maximum - minimum), 0), 1) * Double(cells - 1)).rounded()) : 0
            builder.text("\(ref) ", labelStyle)
            builder.active("[-]", controlStyle, .press("decrement"))
            builder.text(" ")
            for cell in 0..<cells {
                let stop = minimum + (maximum - minimum) * Double(cell) / Double(cells - 1)
                let base = cell == thumb ? TerminalStyle(bold: true) : cell < thumb ? TerminalStyle(foreground: TerminalStyle.cyan) : TerminalStyle(dim: true)
                builder.active(cell == thumb ? "●" : cell < thumb ? "━" : "─", style(focused: focused, enabled: enabled, base: base), .press(.double(stop)))
            }
            builder.text(" ")
            builder.active("[+]", controlStyle, .press("increment"))
            builder.text("  \(Self.number(element["value"]))", TerminalStyle(bold: true))
            builder.text("  \(Self.number(element["minimumValue"]))…\(Self.number(element["maximumValue"]))", TerminalStyle(dim: true))
        case "ProgressView":
            let progress = min(max(element["progress"]?.doubleValue ?? 0, 0), 1)
            let cells = 20
            let filled = Int((progress * Double(cells)).rounded())
            builder.text(String(repeating: "█", count: filled), TerminalStyle(foreground: TerminalStyle.green))
            builder.text(String(repeating: "░", count: cells - filled), TerminalStyle(dim: true))
            builder.text(" \(Int((progress * 100).rounded()))%")
        case "ActivityIndicator":
            guard element["animating"]?.boolValue == true else { return nil }
            builder.text("⠿ ", TerminalStyle(foreground: TerminalStyle.yellow))
            builder.text("\(ref.isEmpty ? "working" : ref)…", TerminalStyle(dim: true))
        case "SegmentedControl":
            let segments = element["segments"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let selected = element["selectedSegment"]?.integerValue.map(Int.init)
            builder.text("\(ref) ", labelStyle)
            builder.text("│", controlStyle)
            for (index, segment) in segments.enumerated() {
                var base = TerminalStyle.plain
                if index == selected { base.bold = true; base.underline = true; base.foreground = focused ? nil : TerminalStyle.cyan }
                let text = index == selected ? "[\(segment)]" : " \(segment) "
                builder.active(text, style(focused: focused, enabled: enabled, base: base), .press(.integer(Int64(index))))
                builder.text("│", controlStyle)
            }
        case "PageControl":
            let count = Int(element["numberOfPages"]?.integerValue ?? 0)
            let page = Int(element["currentPage"]?.integerValue ?? 0)
            builder.text("\(ref) ", labelStyle)
            for index in 0..<max(count, 0) {
                if index > 0 { builder.text(" ", controlStyle) }
                builder.active(index == page ? "●" : "○", controlStyle, .press(.integer(Int64(index))))
            }
            builder.text("  \(page + 1)/\(count)", TerminalStyle(dim: true))
        case "TextField":
            let text = element["text"]?.stringValue ?? ""
            let fieldWidth = max(16, min(40, text.count + 2))
            builder.text("\(ref) ", labelStyle)
            var field = TerminalStyle(dim: !enabled, underline: true)
            if focused { field = style(focused: true, enabled: true); field.underline = true }
            let shown: String
            if text.isEmpty && !focused {
                shown = element["placeholder"]?.stringValue ?? ""
                field.dim = true
            } else {
                shown = String(text.suffix(fieldWidth - 1)) + (focused ? "▏" : "")
            }
            let padded = shown.count >= fieldWidth ? shown : shown + String(repeating: " ", count: fieldWidth - shown.count)
            builder.active("[", labelStyle, .focus)
            builder.active(padded, field, .focus)
            builder.active("]", labelStyle, .focus)
        case "TextView":
            var rows = (element["text"]?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if rows.count > 1 && rows.last == "" { rows.removeLast() }
            let hidden = max(0, rows.count - textViewLines)
            var block = Block()
            if hidden > 0 { block.lines.append(TerminalLine("┆ ↑ \(hidden) more line\(hidden == 1 ? "" : "s")", TerminalStyle(dim: true))) }
            for row in rows.suffix(textViewLines) {
                var line = TerminalLine("┆ ", TerminalStyle(dim: true))
                line.append(row)
                block.lines.append(line)
            }
            return block
        case "SingleItemTableView":
            let items = element["items"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let selected = element["selectedRow"]?.integerValue.map(Int.init)
            return table(rows: items.enumerated().map { index, text in (text, nil, index == selected, JSONValue.integer(Int64(index))) },
                         headers: [:], focused: focused, multiple: false, ref: ref, type: type, node: node)
        case "SectionedTableView":
            let sections = element["sections"]?.arrayValue ?? []
            let multiple = element["multipleSelection"]?.boolValue == true
            let selected = Set((element["selectedRows"]?.arrayValue ?? []).compactMap { pair -> [Int64]? in
                guard let section = pair[0]?.integerValue, let row = pair[1]?.integerValue else { return nil }
                return [section, row]
            })
            var rows: [(String, String?, Bool, JSONValue)] = []
            var headers: [Int: String] = [:]
            for (sectionIndex, section) in sections.enumerated() {
                if let header = section["header"]?.stringValue { headers[rows.count] = header }
                for (rowIndex, row) in (section["rows"]?.arrayValue ?? []).enumerated() {
                    let isSelected = selected.contains([Int64(sectionIndex), Int64(rowIndex)])
                    rows.append((row["text"]?.stringValue ?? "", row["detail"]?.stringValue, isSelected,
                                 .array([.integer(Int64(sectionIndex)), .integer(Int64(rowIndex))])))
                }
            }
            return table(rows: rows, headers: headers, focused: focused, multiple: multiple, ref: ref, type: type, node: node)
        case "CollectionView":
            return collection(element, focused: focused, ref: ref, node: node)
        case "PickerView":
            let components = element["components"]?.arrayValue ?? []
            let rows = element["selectedRows"]?.arrayValue ?? []
            let focusedComponent = element["focusedComponent"]?.integerValue.map(Int.init)
            builder.text("\(ref) ", labelStyle)
            if components.isEmpty { builder.text("(no components)", TerminalStyle(dim: true)) }
            for (component, titles) in components.enumerated() {
                if component > 0 { builder.text(" ") }
                let row = rows.indices.contains(component) ? Int(rows[component].integerValue ?? 0) : 0
                let strings = titles.arrayValue?.compactMap(\.stringValue) ?? []
                let title = strings.indices.contains(row) ? strings[row] : "—"
                let isFocused = focused && (focusedComponent ?? 0) == component
                builder.active("[\(title) ▾]", style(focused: isFocused, enabled: enabled), .focus)
            }
        case "DatePicker":
            builder.text("\(ref) ", labelStyle)
            builder.active("[\(element["value"]?.stringValue ?? "") ▾]", controlStyle, .focus)
            let minimum = element["minimumDate"]?.stringValue, maximum = element["maximumDate"]?.stringValue
            if minimum != nil || maximum != nil { builder.text("  \(minimum ?? "")…\(maximum ?? "")", TerminalStyle(dim: true)) }
        case "Alert":
            var block = Block(lines: [TerminalLine(element["title"]?.stringValue ?? "", TerminalStyle(bold: true))])
            let message = element["message"]?.stringValue ?? ""
            if !message.isEmpty {
                block.lines += message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalLine(String($0)) }
            }
            return block
        case "WebView":
            builder.text("◍ ", TerminalStyle(foreground: TerminalStyle.cyan))
            builder.text(element["title"]?.stringValue ?? "untitled", TerminalStyle(bold: true))
            builder.text(" — ", TerminalStyle(dim: true))
            builder.text(element["url"]?.stringValue ?? "about:blank", TerminalStyle(underline: true, foreground: TerminalStyle.blue))
        default:
            return nil
        }
        var block = builder.block
        if focused { block.focusedRow = 0 }
        return block
    }

    /// A table: a bar on the left (bold when the table has the focus), `▸` and reverse for the selected rows.
    private func table(rows: [(text: String, detail: String?, selected: Bool, value: JSONValue)], headers: [Int: String],
                       focused: Bool, multiple: Bool, ref: String, type: String, node: Int?) -> Block {
        var block = Block()
        let bar = focused ? TerminalLine("┃ ", TerminalStyle(bold: true, foreground: TerminalStyle.cyan)) : TerminalLine("│ ", TerminalStyle(dim: true))
        let textWidth = rows.map { $0.text.count + ($0.detail.map { $0.count + 3 } ?? 0) }.max() ?? 0
        if rows.isEmpty {
            var line = bar
            line.append("(no rows)", TerminalStyle(dim: true))
            block.lines.append(line)
        }
        for (index, row) in rows.enumerated() {
            if let header = headers[index] {
                var line = bar
                line.append(header.uppercased(), TerminalStyle(bold: true, dim: true))
                block.lines.append(line)
            }
            var line = bar
            let mark = multiple ? (row.selected ? "[x] " : "[ ] ") : (row.selected ? "▸ " : "  ")
            var rowStyle = TerminalStyle.plain
            if row.selected {
                rowStyle.bold = true
                if focused { rowStyle = style(focused: true, enabled: true) } else { rowStyle.foreground = TerminalStyle.cyan }
            }
            var cell = mark + row.text
            if let detail = row.detail { cell += " — " + detail }
            cell += String(repeating: " ", count: max(0, textWidth - cell.count + mark.count))
            let column = line.width
            line.append(cell, rowStyle)
            block.regions.append(ElementRegion(row: block.lines.count, column: column, width: cell.count, ref: ref, type: type, node: node,
                                               action: .press(row.value)))
            if row.selected && block.focusedRow == nil && focused { block.focusedRow = block.lines.count }
            block.lines.append(line)
        }
        if focused && block.focusedRow == nil { block.focusedRow = 0 }
        return block
    }

    private func collection(_ element: JSONValue, focused: Bool, ref: String, node: Int?) -> Block {
        let sections = element["sections"]?.arrayValue ?? []
        let columns = max(Int(element["columns"]?.integerValue ?? 3), 1)
        let selected = Set(element["selectedKeys"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let items = sections.flatMap { $0["items"]?.arrayValue ?? [] }
        var block = Block()
        let cellWidth = (items.map { ($0["text"]?.stringValue ?? "").count }.max() ?? 0) + 2
        if items.isEmpty { block.lines.append(TerminalLine("(no items)", TerminalStyle(dim: true))) }
        for section in sections {
            if let header = section["header"]?.stringValue { block.lines.append(TerminalLine(header.uppercased(), TerminalStyle(bold: true, dim: true))) }
            let sectionItems = section["items"]?.arrayValue ?? []
            for start in stride(from: 0, to: sectionItems.count, by: columns) {
                var line = TerminalLine()
                for item in sectionItems[start..<min(start + columns, sectionItems.count)] {
                    if line.width > 0 { line.append(" ") }
                    let text = item["text"]?.stringValue ?? ""
                    let key = item["key"]?.stringValue ?? text
                    let isSelected = selected.contains(key)
                    let cell = (isSelected ? "[" + text + "]" : " " + text + " ") + String(repeating: " ", count: cellWidth - text.count - 2)
                    var cellStyle = TerminalStyle.plain
                    if isSelected { cellStyle = focused ? style(focused: true, enabled: true) : TerminalStyle(bold: true, foreground: TerminalStyle.cyan) }
                    block.regions.append(ElementRegion(row: block.lines.count, column: line.width, width: cell.count, ref: ref, type: "CollectionView",
                                                       node: node, action: .press(.string(key))))
                    line.append(cell, cellStyle)
                }
                block.lines.append(line)
            }
        }
        if focused { block.focusedRow = 0 }
        return block
    }
}
