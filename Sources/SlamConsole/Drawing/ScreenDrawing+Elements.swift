import SlamJSON

/// Each element type as a person expects it: headings in bold, `[ Save ]` buttons, `wifi: [x] on`
/// switches, `volume: [-] 6 [+]  (0…10)` steppers, `[====o------] 40` sliders, segments side by side, page
/// dots, a ten-cell progress bar, text fields and pickers in brackets, text
/// views behind a bar, tables with `>` (or `[x]`) on the selected rows,
/// collection views as grids, an alert in a frame, a web view as its title and
/// address. A type without an entry draws nothing of its own (a container).
extension ScreenDrawing {
    /// How each element type is drawn, by type name: a new element type adds one entry.
    static let elements: [String: ElementDrawing] = [
        "Label": ElementDrawing { pen in
            let text = pen["text"]?.stringValue ?? ""
            guard !text.isEmpty else { return }
            // A heading stands out where attributes show (the terminal); the wireframe's text reads the same.
            let style = pen["role"]?.stringValue == "heading" ? TerminalStyle(bold: true) : .plain
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { pen.newLine(String(line), style) }
        },
        "Button": ElementDrawing { pen in
            let title = pen["text"]?.stringValue ?? pen.ref
            let style = pen["style"]?.stringValue
            var label = title
            if pen.drawing.writesStates {
                // A cancel or destructive style is said, unless the title says it already ("Cancel").
                if let style, style != "normal", style != title.lowercased() { label += " (\(style))" }
                if !pen.isEnabled { label += " (disabled)" }
            }
            pen.wroteState = true
            pen.control("[ \(label) ]", .press(nil), TerminalStyle(foreground: style == "destructive" ? TerminalStyle.red : nil))
        },
        "Switch": ElementDrawing { pen in
            let on = pen["isOn"]?.boolValue == true
            pen.name()
            pen.control(on ? "[x] on" : "[ ] off", .press(nil), TerminalStyle(foreground: on ? TerminalStyle.green : nil))
        },
        "Stepper": ElementDrawing { pen in
            pen.name()
            pen.control("[-]", .press("decrement"))
            pen.control(" \(pen.number("value")) ", .press("increment"), TerminalStyle(bold: true))
            pen.control("[+]", .press("increment"))
            pen.text("  (\(pen.number("minimumValue"))…\(pen.number("maximumValue")))", TerminalStyle(dim: true))
        },
        "Slider": ElementDrawing { pen in
            // Eleven cells, one per tenth of the range: each presses the value it stands for (the thumb, the
            // value as it is), so a click on the track moves the slider there and tenths land on round numbers.
            let minimum = pen["minimumValue"]?.doubleValue ?? 0, maximum = pen["maximumValue"]?.doubleValue ?? 1
            let value = pen["value"]?.doubleValue ?? minimum
            // Each bound divided first, so that a range wider than a double (-1e308…1e308) still has a tenth.
            let tenth = maximum / 10 - minimum / 10
            let fraction = tenth > 0 ? (value / 10 - minimum / 10) / tenth : 0
            let thumb = fraction.isFinite ? Int((min(max(fraction, 0), 1) * 10).rounded()) : 0
            pen.name()
            pen.text("[")
            for cell in 0...10 {
                // The last cell is the maximum itself: min + range × 10 / 10 may land a hair past it (-0.1…0.2).
                let range = maximum - minimum
                let step = range.isFinite ? minimum + range * Double(cell) / 10 : minimum + tenth * Double(cell)
                let stop = cell == thumb ? value : cell == 10 ? maximum : min(step, maximum)
                let style = cell == thumb ? TerminalStyle(bold: true)
                    : cell < thumb ? TerminalStyle(foreground: TerminalStyle.cyan) : TerminalStyle(dim: true)
                pen.control(cell == thumb ? "o" : cell < thumb ? "=" : "-", .press(.double(stop)), style)
            }
            pen.text("] \(pen.number("value"))")
            pen.text("  (\(pen.number("minimumValue"))…\(pen.number("maximumValue")))", TerminalStyle(dim: true))
        },
        "ProgressView": ElementDrawing { pen in
            let progress = min(max(pen["progress"]?.doubleValue ?? 0, 0), 1)
            let filled = Int((progress * 10).rounded())
            pen.text("[")
            pen.text(String(repeating: "#", count: filled), TerminalStyle(foreground: TerminalStyle.green))
            pen.text(String(repeating: "-", count: 10 - filled), TerminalStyle(dim: true))
            pen.text("] \(Int((progress * 100).rounded()))%")
        },
        "ActivityIndicator": ElementDrawing { pen in
            guard pen["animating"]?.boolValue == true else { return }
            pen.text(pen.ref.isEmpty ? "(working…)" : "(\(pen.ref): working…)", TerminalStyle(foreground: TerminalStyle.yellow))
        },
        "SegmentedControl": ElementDrawing { pen in
            let selected = pen["selectedSegment"]?.integerValue.map(Int.init)
            pen.name()
            pen.text("|", pen.controlStyle())
            for (index, segment) in pen.strings(pen["segments"]).enumerated() {
                let isSelected = index == selected
                let base = isSelected ? TerminalStyle(bold: true, underline: true, foreground: pen.isFocused ? nil : TerminalStyle.cyan) : .plain
                pen.control(isSelected ? "[\(segment)]" : " \(segment) ", .press(.integer(Int64(index))), base)
                pen.text("|", pen.controlStyle())
            }
        },
        "PageControl": ElementDrawing { pen in
            let count = Int(pen["numberOfPages"]?.integerValue ?? 0)
            let page = Int(pen["currentPage"]?.integerValue ?? 0)
            pen.name()
            for index in 0..<max(count, 0) {
                if index > 0 { pen.text(" ", pen.controlStyle()) }
                pen.control(index == page ? "*" : "o", .press(.integer(Int64(index))))
            }
        },
        "TextField": ElementDrawing(drawTextField),
        "TextView": ElementDrawing { pen in
            var rows = (pen["text"]?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            if rows.count > 1 && rows.last == "" { rows.removeLast() }  // a final newline ends the last line
            let shown = pen.drawing.textViewLines ?? rows.count
            let hidden = max(0, rows.count - shown)
            let bar = TerminalStyle(dim: true)
            if hidden > 0 { pen.newLine("| ↑ \(hidden) more line\(hidden == 1 ? "" : "s")", bar) }
            for row in rows.suffix(shown) {
                pen.newLine("| ", bar)
                pen.text(String(row))
            }
        },
        "SingleItemTableView": ElementDrawing { pen in
            let selected = pen["selectedRow"]?.integerValue.map(Int.init)
            let rows = pen.strings(pen["items"]).enumerated().map { index, text in
                TableRow(text: text, detail: nil, isSelected: index == selected, value: .integer(Int64(index)))
            }
            drawTable(&pen, sections: [(nil, rows)], multiple: false)
        },
        "SectionedTableView": ElementDrawing { pen in
            let selected = Set((pen["selectedRows"]?.arrayValue ?? []).compactMap { pair -> [Int64]? in
                guard let section = pair[0]?.integerValue, let row = pair[1]?.integerValue else { return nil }
                return [section, row]
            })
            let sections = (pen["sections"]?.arrayValue ?? []).enumerated().map { sectionIndex, section in
                let rows = (section["rows"]?.arrayValue ?? []).enumerated().map { rowIndex, row in
                    TableRow(text: row["text"]?.stringValue ?? "", detail: row["detail"]?.stringValue,
                             isSelected: selected.contains([Int64(sectionIndex), Int64(rowIndex)]),
                             value: .array([.integer(Int64(sectionIndex)), .integer(Int64(rowIndex))]))
                }
                return (section["header"]?.stringValue, rows)
            }
            drawTable(&pen, sections: sections, multiple: pen["multipleSelection"]?.boolValue == true)
        },
        "CollectionView": ElementDrawing(drawCollection),
        "PickerView": ElementDrawing { pen in
            let components = pen["components"]?.arrayValue ?? []
            let rows = pen["selectedRows"]?.arrayValue ?? []
            let focusedComponent = Int(pen["focusedComponent"]?.integerValue ?? 0)
            pen.name()
            if components.isEmpty { pen.text("(no components)", TerminalStyle(dim: true)) }
            for (component, titles) in components.enumerated() {
                if component > 0 { pen.text(" ") }
                let row = rows.indices.contains(component) ? Int(rows[component].integerValue ?? 0) : 0
                let strings = pen.strings(titles)
                let title = strings.indices.contains(row) ? strings[row] : "—"
                pen.control("[\(title) ▾]", .focus, focused: pen.isFocused && focusedComponent == component)
            }
        },
        "DatePicker": ElementDrawing { pen in
            pen.name()
            pen.control("[\(pen["value"]?.stringValue ?? "") ▾]", .focus)
            let minimum = pen["minimumDate"]?.stringValue, maximum = pen["maximumDate"]?.stringValue
            if minimum != nil || maximum != nil { pen.text("  (\(minimum ?? "")…\(maximum ?? ""))", TerminalStyle(dim: true)) }
        },
        "Alert": ElementDrawing(children: .framedRow) { pen in
            pen.newLine(pen["title"]?.stringValue ?? "", TerminalStyle(bold: true))
            let message = pen["message"]?.stringValue ?? ""
            if !message.isEmpty {
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { pen.newLine(String(line)) }
            }
        },
        "WebView": ElementDrawing { pen in
            pen.text(pen.ref.isEmpty ? "<" : "<\(pen.ref): ")
            pen.text(pen["title"]?.stringValue ?? "untitled", TerminalStyle(bold: true))
            pen.text(" — ", TerminalStyle(dim: true))
            pen.text(pen["url"]?.stringValue ?? "about:blank", TerminalStyle(underline: true, foreground: TerminalStyle.blue))
            pen.text(">")
        },
    ]

    /// `name: [Ada]`, or `(the placeholder)` when empty; in the terminal as wide as one types into, with the
    /// cursor at the end when focused.
    private static func drawTextField(_ pen: inout ElementPen) {
        let text = pen["text"]?.stringValue ?? ""
        let isEditing = pen.drawing.isInteractive && pen.isFocused
        pen.name()
        var style = TerminalStyle(dim: !pen.isEnabled, underline: true)
        if isEditing { style = pen.controlStyle(); style.underline = true }
        var shown: String
        if text.isEmpty && !isEditing {
            shown = "(\(pen["placeholder"]?.stringValue ?? ""))"
            style.dim = true
        } else {
            shown = text
        }
        if pen.drawing.isInteractive {
            let fieldWidth = max(16, min(40, text.count + 2))
            if !text.isEmpty || isEditing { shown = String(text.suffix(fieldWidth - 1)) + (isEditing ? "▏" : "") }
            shown += String(repeating: " ", count: max(0, fieldWidth - shown.count))
        }
        pen.clickable(.focus) { pen in
            pen.text("[", pen.nameStyle)
            pen.text(shown, style)
            pen.text("]", pen.nameStyle)
        }
    }

    /// A row of a table: what it shows, whether it is selected, and the value that presses it.
    private struct TableRow {
        let text: String
        let detail: String?
        let isSelected: Bool
        let value: JSONValue
    }

    /// Sections of rows under their `-- header --` lines; `>` marks the selected row, or `[x]` each selected row
    /// of a multiple-selection table. In the terminal every row is as wide as the widest, a focused table's
    /// marks are highlighted, and its selected rows too.
    private static func drawTable(_ pen: inout ElementPen, sections: [(header: String?, rows: [TableRow])], multiple: Bool) {
        let rows = sections.flatMap(\.rows)
        let highlightsFocus = pen.drawing.isInteractive && pen.isFocused
        let rowWidth = rows.map { $0.text.count + ($0.detail.map { $0.count + 3 } ?? 0) }.max() ?? 0
        for section in sections {
            if let header = section.header { pen.newLine("-- \(header) --", TerminalStyle(bold: true)) }
            for row in section.rows {
                let mark = multiple ? (row.isSelected ? "[x] " : "[ ] ") : (row.isSelected ? "> " : "  ")
                var style = TerminalStyle.plain
                if row.isSelected { style = highlightsFocus ? pen.controlStyle() : TerminalStyle(bold: true, foreground: TerminalStyle.cyan) }
                pen.newLine()
                pen.clickable(.press(row.value)) { pen in
                    pen.text(mark, highlightsFocus ? pen.controlStyle() : style)
                    pen.text(row.text, style)
                    if let detail = row.detail { pen.text(" — " + detail, row.isSelected ? style : TerminalStyle(dim: true)) }
                    let width = row.text.count + (row.detail.map { $0.count + 3 } ?? 0)
                    if pen.drawing.isInteractive { pen.text(String(repeating: " ", count: rowWidth - width), style) }
                }
                if row.isSelected && pen.isFocused { pen.markFocusedRow() }
            }
        }
        if rows.isEmpty { pen.newLine("  (no rows)", TerminalStyle(dim: true)) }
    }

    /// A grid of `columns` cells under the sections' `-- header --` lines, each cell as wide as the widest
    /// text so that the columns line up across sections; selected items in brackets.
    private static func drawCollection(_ pen: inout ElementPen) {
        let sections = pen["sections"]?.arrayValue ?? []
        let columns = max(Int(pen["columns"]?.integerValue ?? 3), 1)
        let selected = Set(pen.strings(pen["selectedKeys"]))
        let items = sections.flatMap { $0["items"]?.arrayValue ?? [] }
        let width = items.map { ($0["text"]?.stringValue ?? "").count }.max() ?? 0
        let highlightsFocus = pen.drawing.isInteractive && pen.isFocused
        for section in sections {
            if let header = section["header"]?.stringValue { pen.newLine("-- \(header) --", TerminalStyle(bold: true)) }
            let sectionItems = section["items"]?.arrayValue ?? []
            for start in stride(from: 0, to: sectionItems.count, by: columns) {
                pen.newLine()
                for (index, item) in sectionItems[start..<min(start + columns, sectionItems.count)].enumerated() {
                    if index > 0 { pen.text(" ") }
                    let text = item["text"]?.stringValue ?? ""
                    let key = item["key"]?.stringValue ?? text
                    let isSelected = selected.contains(key)
                    let style = !isSelected ? TerminalStyle.plain
                        : highlightsFocus ? pen.controlStyle() : TerminalStyle(bold: true, foreground: TerminalStyle.cyan)
                    pen.clickable(.press(.string(key))) { pen in
                        pen.text(isSelected ? "[\(text)]" : " \(text) ", style)
                        pen.text(String(repeating: " ", count: width - text.count))
                    }
                }
            }
        }
        if items.isEmpty { pen.newLine("  (no items)", TerminalStyle(dim: true)) }
    }
}
