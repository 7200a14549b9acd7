import SlamJSON

/// What `slamctl ui` says on its status line when the focus lands on an element,
/// as a screen reader would announce it: the role, the accessible name in quotes,
/// the value, then the states that apply — `switch "Wi-Fi", on`,
/// `spinbutton "Volume" 5 (0–10)`, `button "-1", disabled`.
///
/// It reads only the snapshot's accessibility members (`role`, `name`, `checked`,
/// `disabled`, `level`, `valueNow`/`valueMin`/`valueMax`/`valueText` …) and, for
/// the roles whose value is a choice among parts or typed text, the property that
/// holds it. A long name is cut with an ellipsis so the announcement fits in `limit`
/// columns, which leaves room on an 80-column status line for the key that moved
/// the focus (`Shift+Tab → `).
public enum FocusAnnouncement {
    /// The widest announcement by default, in columns.
    public static let defaultLimit = 60

    /// The announcement of `snapshot` (an element's snapshot as `find` or a `key` reply gives it), at most
    /// `limit` columns wide.
    public static func text(for snapshot: JSONValue, limit: Int = defaultLimit) -> String {
        let role = snapshot["role"]?.stringValue ?? snapshot["type"]?.stringValue?.lowercased() ?? "element"
        var name = snapshot["name"]?.stringValue ?? ""
        var value = self.value(of: snapshot, role: role)
        let tail = states(of: snapshot, role: role).map { ", " + $0 }.joined()
        func compose() -> String {
            role + (name.isEmpty ? "" : " " + quoted(name)) + (value.isEmpty ? "" : " " + value) + tail
        }
        // The name goes first (down to a few characters), then the value; the role and states always show.
        var excess = compose().count - limit
        if excess > 0, !name.isEmpty {
            name = shortened(name, to: max(name.count - excess, min(name.count, minimumNameLength)))
            excess = compose().count - limit
        }
        if excess > 0, !value.isEmpty {
            value = shortened(value, to: max(value.count - excess, 1))
            excess = compose().count - limit
        }
        // Escaped quotes in the name, or a long value cut to its ellipsis: the name gives way after all.
        if excess > 0, !name.isEmpty { name = shortened(name, to: max(name.count - excess, 1)) }
        return compose()
    }

    /// The fewest characters a name is cut to (the ellipsis included) before the value is cut instead.
    static let minimumNameLength = 8

    /// The value a screen reader reads after the name: `valueText`, else `valueNow` with its range; a text
    /// field's text; the chosen segment of a radio group or item of a list.
    private static func value(of snapshot: JSONValue, role: String) -> String {
        if let text = snapshot["valueText"]?.stringValue { return text }
        if let now = snapshot["valueNow"] {
            let number = SnapshotFormatter.number(now)
            guard let minimum = snapshot["valueMin"], let maximum = snapshot["valueMax"] else { return number }
            return "\(number) (\(SnapshotFormatter.number(minimum))–\(SnapshotFormatter.number(maximum)))"
        }
        if let choice = choices.first(where: { $0.role == role }),
           let items = snapshot[choice.items]?.arrayValue,
           let index = snapshot[choice.selected]?.integerValue, items.indices.contains(Int(index)) {
            return items[Int(index)].stringValue ?? ""
        }
        if role == "textbox" { return snapshot["text"]?.stringValue ?? "" }
        return ""
    }

    /// The roles whose value is one of their parts: the property listing the parts and the one selecting it.
    private static let choices: [(role: String, items: String, selected: String)] = [
        ("radiogroup", "segments", "selectedSegment"),
        ("list", "items", "selectedRow"),
    ]

    /// The states in the order the accessibility snapshot writes them: checked, disabled, expanded, selected,
    /// then the heading level.
    private static func states(of snapshot: JSONValue, role: String) -> [String] {
        var states: [String] = []
        if let checked = snapshot["checked"]?.boolValue {
            states.append(role == "switch" ? (checked ? "on" : "off") : (checked ? "checked" : "not checked"))
        }
        if snapshot["disabled"]?.boolValue == true { states.append("disabled") }
        if let expanded = snapshot["expanded"]?.boolValue { states.append(expanded ? "expanded" : "collapsed") }
        if snapshot["selected"]?.boolValue == true { states.append("selected") }
        if let level = snapshot["level"]?.integerValue { states.append("level \(level)") }
        return states
    }

    /// `text` in double quotes, its quotes and backslashes escaped and its line breaks made spaces.
    private static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n", "\r", "\r\n", "\t": escaped += " "
            default: escaped.append(character)
            }
        }
        return "\"" + escaped + "\""
    }

    /// `text` cut to `length` characters, the last of them an ellipsis.
    private static func shortened(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        return String(text.prefix(max(length - 1, 0))) + "…"
    }
}
