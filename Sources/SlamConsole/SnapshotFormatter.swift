import SlamClient
import SlamProtocol
import SlamJSON

/// One-line human summaries of snapshots, for `tree`, `find`, `query` and `watch`.
public struct SnapshotFormatter: Sendable {
    public let style: ConsoleStyle

    public init(style: ConsoleStyle) {
        self.style = style
    }

    /// `Button save "Save" (disabled)`: type, reference, what it shows, marks.
    public func line(_ snapshot: Snapshot) -> String {
        var parts = [style.cyan(snapshot.type), snapshot.reference.isEmpty ? style.dim("(anonymous)") : style.bold(snapshot.reference)]
        if let value = value(snapshot) { parts.append(value) }
        if !snapshot.isVisible { parts.append(style.yellow("(hidden)")) }
        if !snapshot.isEnabled { parts.append(style.yellow("(disabled)")) }
        return parts.joined(separator: " ")
    }

    /// What the element shows, in a few characters, or nil.
    public func value(_ snapshot: Snapshot) -> String? {
        switch snapshot.type {
        case "Label", "Button", "TextField":
            let text = snapshot.text ?? ""
            if text.isEmpty, let placeholder = snapshot["placeholder"]?.stringValue, !placeholder.isEmpty {
                return style.dim("placeholder \(Self.quoted(placeholder))")
            }
            return Self.quoted(text)
        case "TextView":
            return Self.quoted(snapshot.text ?? "")
        case "Switch":
            return snapshot["isOn"]?.boolValue == true ? "on" : "off"
        case "Stepper", "Slider":
            return "\(Self.number(snapshot["value"])) (\(Self.number(snapshot["minimumValue"]))…\(Self.number(snapshot["maximumValue"])))"
        case "ProgressView":
            return "\(Int(((snapshot["progress"]?.doubleValue ?? 0) * 100).rounded()))%"
        case "ActivityIndicator":
            return snapshot["animating"]?.boolValue == true ? "spinning" : "idle"
        case "SegmentedControl":
            let segments = snapshot["segments"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let selected = snapshot["selectedSegment"]?.integerValue.map(Int.init)
            return segments.enumerated().map { $0 == selected ? "[\($1)]" : $1 }.joined(separator: " | ")
        case "PageControl":
            let count = snapshot["numberOfPages"]?.integerValue ?? 0
            let page = snapshot["currentPage"]?.integerValue ?? 0
            return count == 0 ? "no pages" : "page \(page + 1) of \(count)"
        case "SingleItemTableView":
            let rows = snapshot["items"]?.arrayValue?.count ?? 0
            let selected = snapshot["selectedRow"]?.integerValue.map { ", row \($0) selected" } ?? ""
            return "\(rows) row\(rows == 1 ? "" : "s")\(selected)"
        case "WebView":
            let title = snapshot["title"]?.stringValue.map { Self.quoted($0) + " " } ?? ""
            return title + (snapshot["url"]?.stringValue ?? "blank")
        case "PickerView":
            let chosen = Self.pickerChoices(snapshot)
            return chosen.isEmpty ? "no components" : chosen.joined(separator: ", ")
        case "DatePicker":
            return "\(snapshot["value"]?.stringValue ?? "?") (\(snapshot["mode"]?.stringValue ?? "dateAndTime"))"
        case "SectionedTableView":
            let sections = snapshot["sections"]?.arrayValue ?? []
            let rows = sections.reduce(0) { $0 + ($1["rows"]?.arrayValue?.count ?? 0) }
            let selected = Self.positions(snapshot["selectedRows"])
            return "\(Self.count(rows, "row")) in \(Self.count(sections.count, "section"))"
                + (selected.isEmpty ? "" : ", selected \(selected.joined(separator: " "))")
        case "CollectionView":
            let sections = snapshot["sections"]?.arrayValue ?? []
            let items = sections.reduce(0) { $0 + ($1["items"]?.arrayValue?.count ?? 0) }
            let selected = snapshot["selectedKeys"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "\(Self.count(items, "item")) in \(Self.count(sections.count, "section"))"
                + (selected.isEmpty ? "" : ", selected \(selected.map(Self.quoted).joined(separator: " "))")
        case "Alert":
            return Self.quoted(snapshot["title"]?.stringValue ?? "")
        default:
            return nil
        }
    }

    /// Every property, one per line, for `find`.
    public func details(_ snapshot: Snapshot) -> String {
        var lines = [line(snapshot)]
        for (name, value) in snapshot.json.objectValue ?? [:] where !["type", "ref", "children"].contains(name) {
            lines.append("  \(style.dim(name + ":")) \(value)")
        }
        return lines.joined(separator: "\n")
    }

    /// The tree as an indented outline, two spaces per level.
    public func outline(_ root: Snapshot) -> String {
        var lines: [String] = []
        func visit(_ snapshot: Snapshot, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + line(snapshot))
            for child in snapshot.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// A picker's selected row in each component (`Medium`, `Tea`); `?` for a row that is not there.
    static func pickerChoices(_ snapshot: Snapshot) -> [String] {
        let components = snapshot["components"]?.arrayValue ?? []
        let selected = snapshot["selectedRows"]?.arrayValue ?? []
        return components.enumerated().map { index, rows in
            let row = index < selected.count ? selected[index].integerValue.map(Int.init) : nil
            let titles = rows.arrayValue?.compactMap(\.stringValue) ?? []
            guard let row, titles.indices.contains(row) else { return "?" }
            return titles[row]
        }
    }

    /// `[section, row]` pairs as `[0,1]`.
    static func positions(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).map(\.description)
    }

    /// `1 row`, `3 rows`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func quoted(_ text: String) -> String {
        let escaped = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return JSONValue.string(escaped).description
    }

    static func number(_ value: JSONValue?) -> String {
        guard let value else { return "?" }
        if let integer = value.integerValue { return String(integer) }
        return value.description
    }
}
