import SlamClient
import SlamProtocol
import SlamJSON

/// A deterministic text drawing of a screen: what a user would see, hidden
/// elements left out. Buttons are `[ Save ]`, consecutive buttons share a line.
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
        draw(root, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func draw(_ element: Snapshot, into lines: inout [String]) {
        guard element.isVisible else { return }
        if let own = drawing(of: element) { lines.append(contentsOf: own) }
        var buttons: [String] = []
        for child in element.children where child.isVisible {
            if child.type == "Button" {
                buttons.append(button(child))
                continue
            }
            if !buttons.isEmpty {
                lines.append(buttons.joined(separator: "  "))
                buttons.removeAll()
            }
            draw(child, into: &lines)
        }
        if !buttons.isEmpty { lines.append(buttons.joined(separator: "  ")) }
    }

    private func button(_ snapshot: Snapshot) -> String {
        let title = snapshot.text ?? snapshot.reference
        return snapshot.isEnabled ? "[ \(title) ]" : style.dim("[ \(title) (disabled) ]")
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
        default:
            return nil
        }
    }
}
