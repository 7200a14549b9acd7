import SlamClient
import SlamProtocol
import SlamJSON

/// A deterministic text drawing of a screen: what a user would see, hidden
/// elements left out. Buttons are `[ Save ]`. Containers follow their declared
/// layout: a vertical view draws its children one below the other, a
/// horizontal one side by side, two spaces apart (a text line is the unit, so
/// vertical spacing is not drawn).
///
/// ```
/// == Slam Demo (Home) ==
/// Counter
/// Count: 0
/// [----------] 0%
/// [ +1 ]  [ -1 (disabled) ]  [ Reset (disabled) ]
/// ```
public struct Wireframe: Sendable {
    public let style: ConsoleStyle

    public init(style: ConsoleStyle = .plain) {
        self.style = style
    }

    /// Draws `root` (a `tree` result) under a title line.
    public func render(title: String, controller: String, root: Snapshot) -> String {
        var lines = [style.bold("== \(title) (\(controller)) ==")]
        lines += draw(root)
        return lines.joined(separator: "\n")
    }

    /// The lines of `element` and its visible children, laid out as it declares.
    private func draw(_ element: Snapshot) -> [String] {
        guard element.isVisible else { return [] }
        var lines = drawing(of: element) ?? []
        if element["focused"]?.boolValue == true, !lines.isEmpty { lines[0] += style.bold(" (focused)") }
        let blocks = element.children.filter(\.isVisible).map(draw).filter { !$0.isEmpty }
        // An alert lays its buttons out side by side.
        if element["axis"]?.stringValue == "horizontal" || element.type == "Alert" {
            lines += sideBySide(blocks)
        } else {
            for block in blocks { lines += block }
        }
        return lines
    }

    /// Blocks of lines placed next to each other, each padded to its widest line, lines without trailing spaces.
    private func sideBySide(_ blocks: [[String]]) -> [String] {
        let height = blocks.map(\.count).max() ?? 0
        let widths = blocks.map { block in block.map(visibleWidth).max() ?? 0 }
        return (0..<height).map { row in
            var line = ""
            for (index, block) in blocks.enumerated() {
                let cell = row < block.count ? block[row] : ""
                if index > 0 { line += "  " }
                line += cell
                if index < blocks.count - 1 { line += String(repeating: " ", count: widths[index] - visibleWidth(cell)) }
            }
            // A short column leaves padding at the end of its line: drop it.
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Characters a terminal shows for `line`: escape sequences of the console style take no room.
    private func visibleWidth(_ line: String) -> Int {
        var width = 0
        var inEscape = false
        for character in line {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    private func button(_ snapshot: Snapshot) -> String {
        let title = snapshot.text ?? snapshot.reference
        return snapshot.isEnabled ? "[ \(title) ]" : style.dim("[ \(title) (disabled) ]")
    }

    /// Each section's header (`-- Milk --`), then its rows as a table draws them (`> ` marks the selected ones,
    /// a detail follows in parentheses).
    private func sectionedRows(_ element: Snapshot) -> [String] {
        let sections = element["sections"]?.arrayValue ?? []
        let selected = Set((element["selectedRows"]?.arrayValue ?? []).map(\.description))
        var lines: [String] = []
        for (sectionIndex, section) in sections.enumerated() {
            if let header = section["header"]?.stringValue { lines.append(style.dim("-- \(header) --")) }
            for (rowIndex, row) in (section["rows"]?.arrayValue ?? []).enumerated() {
                let mark = selected.contains(JSONValue.array([.integer(Int64(sectionIndex)), .integer(Int64(rowIndex))]).description)
                let detail = row["detail"]?.stringValue.map { style.dim(" (\($0))") } ?? ""
                lines.append((mark ? "> " : "  ") + (row["text"]?.stringValue ?? "") + detail)
            }
        }
        return lines.isEmpty ? ["  (no rows)"] : lines
    }

    /// Each section's header, then its items `columns` to a line; the selected ones in brackets (`[blue]`).
    private func collectionGrid(_ element: Snapshot) -> [String] {
        let columns = max(Int(element["columns"]?.integerValue ?? 3), 1)
        let selected = Set(element["selectedKeys"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var lines: [String] = []
        for section in element["sections"]?.arrayValue ?? [] {
            if let header = section["header"]?.stringValue { lines.append(style.dim("-- \(header) --")) }
            let cells = (section["items"]?.arrayValue ?? []).map { item in
                let text = item["text"]?.stringValue ?? ""
                return selected.contains(item["key"]?.stringValue ?? "") ? "[\(text)]" : " \(text) "
            }
            for start in stride(from: 0, to: cells.count, by: columns) {
                var line = cells[start..<min(start + columns, cells.count)].joined(separator: " ")
                while line.hasSuffix(" ") { line.removeLast() }
                lines.append(line)
            }
        }
        return lines.isEmpty ? ["  (no items)"] : lines
    }

    private func drawing(of element: Snapshot) -> [String]? {
        let name = element.reference
        let disabled = element.isEnabled ? "" : style.dim(" (disabled)")
        switch element.type {
        case "Label":
            let text = element.text ?? ""
            return text.isEmpty ? nil : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case "Button":
            return [button(element)]
        case "Switch":
            return ["\(name): " + (element["isOn"]?.boolValue == true ? "[x] on" : "[ ] off") + disabled]
        case "Stepper":
            let value = SnapshotFormatter.number(element["value"])
            return ["\(name): [-] \(value) [+]  (\(SnapshotFormatter.number(element["minimumValue"]))…\(SnapshotFormatter.number(element["maximumValue"])))" + disabled]
        case "ProgressView":
            let progress = min(max(element["progress"]?.doubleValue ?? 0, 0), 1)
            let filled = Int((progress * 10).rounded())
            return ["[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled) + "] \(Int((progress * 100).rounded()))%"]
        case "ActivityIndicator":
            return element["animating"]?.boolValue == true ? ["(\(name): working…)"] : nil
        case "SegmentedControl":
            let segments = element["segments"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let selected = element["selectedSegment"]?.integerValue.map(Int.init)
            let cells = segments.enumerated().map { $0 == selected ? "[\($1)]" : " \($1) " }
            return ["\(name): |" + cells.joined(separator: "|") + "|" + disabled]
        case "PageControl":
            let count = Int(element["numberOfPages"]?.integerValue ?? 0)
            let page = Int(element["currentPage"]?.integerValue ?? 0)
            return ["\(name): " + (0..<count).map { $0 == page ? "*" : "o" }.joined(separator: " ") + disabled]
        case "TextField":
            let text = element.text ?? ""
            let shown = text.isEmpty ? style.dim("(\(element["placeholder"]?.stringValue ?? ""))") : text
            return ["\(name): [\(shown)]" + disabled]
        case "TextView":
            var lines = (element.text ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 1 && lines.last == "" { lines.removeLast() }  // a final newline ends the last line
            return lines.map { "| \($0)" }
        case "SingleItemTableView":
            let rows = element["items"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let selected = element["selectedRow"]?.integerValue.map(Int.init)
            if rows.isEmpty { return ["  (no rows)"] }
            return rows.enumerated().map { $0 == selected ? "> \($1)" : "  \($1)" }
        case "WebView":
            let title = element["title"]?.stringValue ?? "untitled"
            let url = element["url"]?.stringValue ?? "blank"
            return ["<\(name): \(title) — \(url)>"]
        case "PickerView":
            return ["\(name): " + SnapshotFormatter.pickerChoices(element).map { "<\($0)>" }.joined(separator: " ") + disabled]
        case "DatePicker":
            return ["\(name): <\(element["value"]?.stringValue ?? "?")>" + disabled]
        case "SectionedTableView":
            return sectionedRows(element)
        case "CollectionView":
            return collectionGrid(element)
        case "Alert":
            let message = element["message"]?.stringValue ?? ""
            return [style.bold("** \(element["title"]?.stringValue ?? "") **")] + (message.isEmpty ? [] : [message])
        default:
            return nil
        }
    }
}
