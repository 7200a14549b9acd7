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
///
/// Pickers show each component's selected row (`size: [M ▾] [Blue ▾]`), date
/// pickers their value and bounds, sectioned tables their headers and rows
/// (`>` marks the selected row, `[x]` the selected rows of a multiple-selection
/// table), collection views a grid of `columns` cells (`[Pets]` selected), and
/// an alert a box with its title, message and buttons side by side.
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
        var lines = [style.bold("== \(title) (\(controller)) ==")]
        lines += draw(root)
        return lines.joined(separator: "\n")
    }

    /// The lines of `element` and its visible children, laid out as it declares.
    private func draw(_ element: Snapshot) -> [String] {
        guard element.isVisible else { return [] }
        var lines = drawing(of: element) ?? []
        if element["focused"]?.boolValue == true, !lines.isEmpty { lines[0] += style.bold(" (focused)") }
        if showsReferences, !lines.isEmpty, !element.reference.isEmpty { lines[0] += style.dim(" <\(element.reference)>") }
        let blocks = element.children.filter(\.isVisible).map(draw).filter { !$0.isEmpty }
        if element.type == "Alert" {
            // An alert's buttons sit side by side under its title and message, all in a box.
            return box(lines + sideBySide(blocks))
        }
        if element["axis"]?.stringValue == "horizontal" {
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

    /// `lines` framed: `+---+` above and below, `| … |` around each line.
    private func box(_ lines: [String]) -> [String] {
        let width = lines.map(visibleWidth).max() ?? 0
        let edge = "+" + String(repeating: "-", count: width + 2) + "+"
        return [edge] + lines.map { "| " + $0 + String(repeating: " ", count: width - visibleWidth($0)) + " |" } + [edge]
    }

    private func button(_ snapshot: Snapshot) -> String {
        let title = snapshot.text ?? snapshot.reference
        // A cancel or destructive role is shown, unless the title says it already ("Cancel").
        let role = snapshot["role"]?.stringValue.flatMap { $0 == "normal" || $0 == title.lowercased() ? nil : $0 }
        let label = title + (role.map { " (\($0))" } ?? "")
        guard snapshot.isEnabled else { return style.dim("[ \(label) (disabled) ]") }
        return role == "destructive" ? style.red("[ \(label) ]") : "[ \(label) ]"
    }

    /// Strings of a JSON array (nil entries left out).
    private static func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// A section header line.
    private func header(_ section: JSONValue) -> [String] {
        section["header"]?.stringValue.map { [style.bold("-- \($0) --")] } ?? []
    }

    private func sectionedTable(_ element: Snapshot) -> [String] {
        let sections = element["sections"]?.arrayValue ?? []
        let multiple = element["multipleSelection"]?.boolValue == true
        let selected = Set((element["selectedRows"]?.arrayValue ?? []).compactMap { pair -> [Int64]? in
            guard let section = pair[0]?.integerValue, let row = pair[1]?.integerValue else { return nil }
            return [section, row]
        })
        var lines: [String] = []
        for (sectionIndex, section) in sections.enumerated() {
            lines += header(section)
            for (rowIndex, row) in (section["rows"]?.arrayValue ?? []).enumerated() {
                let isSelected = selected.contains([Int64(sectionIndex), Int64(rowIndex)])
                let mark = multiple ? (isSelected ? "[x] " : "[ ] ") : (isSelected ? "> " : "  ")
                let detail = row["detail"]?.stringValue.map { " — \($0)" } ?? ""
                lines.append(mark + (row["text"]?.stringValue ?? "") + style.dim(detail))
            }
        }
        let hasRows = sections.contains { !($0["rows"]?.arrayValue ?? []).isEmpty }
        return hasRows ? lines : lines + ["  (no rows)"]
    }

    private func collection(_ element: Snapshot) -> [String] {
        let sections = element["sections"]?.arrayValue ?? []
        let columns = max(Int(element["columns"]?.integerValue ?? 3), 1)
        let selected = Set(Self.strings(element["selectedKeys"]))
        let items = sections.flatMap { $0["items"]?.arrayValue ?? [] }
        guard !items.isEmpty else { return sections.flatMap(header) + ["  (no items)"] }
        // Every cell as wide as the widest text, so the columns line up across sections.
        let width = items.map { ($0["text"]?.stringValue ?? "").count }.max() ?? 0
        var lines: [String] = []
        for section in sections {
            lines += header(section)
            let cells = (section["items"]?.arrayValue ?? []).map { item in
                let text = item["text"]?.stringValue ?? ""
                let padding = String(repeating: " ", count: width - text.count)
                return selected.contains(item["key"]?.stringValue ?? "") ? "[\(text)]" + padding : " \(text) " + padding
            }
            for start in stride(from: 0, to: cells.count, by: columns) {
                var line = cells[start..<min(start + columns, cells.count)].joined(separator: " ")
                while line.hasSuffix(" ") { line.removeLast() }
                lines.append(line)
            }
        }
        return lines
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
        case "Slider":
            // A ten-cell track with the thumb where the value lies in the range.
            let minimum = element["minimumValue"]?.doubleValue ?? 0, maximum = element["maximumValue"]?.doubleValue ?? 1
            let fraction = maximum > minimum ? min(max(((element["value"]?.doubleValue ?? minimum) - minimum) / (maximum - minimum), 0), 1) : 0
            let thumb = Int((fraction * 9).rounded())
            let track = String(repeating: "=", count: thumb) + "o" + String(repeating: "-", count: 9 - thumb)
            return ["\(name): [\(track)] \(SnapshotFormatter.number(element["value"]))  (\(SnapshotFormatter.number(element["minimumValue"]))…\(SnapshotFormatter.number(element["maximumValue"])))" + disabled]
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
        case "PickerView":
            let components = element["components"]?.arrayValue ?? []
            if components.isEmpty { return ["\(name): (no components)" + disabled] }
            let rows = element["selectedRows"]?.arrayValue ?? []
            let cells = components.enumerated().map { component, titles in
                let row = rows.indices.contains(component) ? Int(rows[component].integerValue ?? 0) : 0
                let strings = Self.strings(titles)
                return "[" + (strings.indices.contains(row) ? strings[row] : "—") + " ▾]"
            }
            return ["\(name): " + cells.joined(separator: " ") + disabled]
        case "DatePicker":
            let minimum = element["minimumDate"]?.stringValue, maximum = element["maximumDate"]?.stringValue
            let bounds = minimum == nil && maximum == nil ? "" : "  (\(minimum ?? "")…\(maximum ?? ""))"
            return ["\(name): [\(element["value"]?.stringValue ?? "")]" + bounds + disabled]
        case "SectionedTableView":
            return sectionedTable(element)
        case "CollectionView":
            return collection(element)
        case "Alert":
            let message = (element["message"]?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return [style.bold(element["title"]?.stringValue ?? "")] + (message == [""] ? [] : message)
        case "WebView":
            let title = element["title"]?.stringValue ?? "untitled"
            let url = element["url"]?.stringValue ?? "blank"
            return ["<\(name): \(title) — \(url)>"]
        default:
            return nil
        }
    }
}
