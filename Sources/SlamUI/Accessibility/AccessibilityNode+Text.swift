/// The accessibility snapshot's text: one line per node, two spaces of indentation per level.
extension AccessibilityNode {
    /// `nodes` and everything below them, one line each, each line ending in a newline (empty for no nodes).
    public static func render(_ nodes: [AccessibilityNode]) -> String {
        var text = ""
        for node in nodes { node.write(into: &text, indent: 0) }
        return text
    }

    /// This node's own line, without indentation or the `:` that introduces children:
    /// `- button "-1" [disabled] [ref=decrement]`, `- textbox "Name" [ref=name]: Ada`.
    public var line: String {
        var line = "- " + role.rawValue
        if !name.isEmpty { line += " " + Self.quoted(name) }
        for attribute in attributes { line += " [" + attribute + "]" }
        if let value { line += ": " + Self.inlineText(value) }
        return line
    }

    /// The bracketed attributes in the snapshot's order: checked, disabled, expanded, selected,
    /// focused, level, value (with min and max when it is a bare number), description, ref. A boolean
    /// state shows only when true.
    public var attributes: [String] {
        var attributes: [String] = []
        if states.checked == true { attributes.append("checked") }
        if states.disabled { attributes.append("disabled") }
        if states.expanded == true { attributes.append("expanded") }
        if states.selected == true { attributes.append("selected") }
        if states.focused { attributes.append("focused") }
        if let level = states.level { attributes.append("level=\(level)") }
        // A value read as text ("40%", "Page 2 of 3") says where it stands in its range already:
        // the bounds are shown beside a bare number only.
        if let text = states.valueText {
            attributes.append("value=" + Self.quoted(text))
        } else if let value = states.valueNow {
            attributes.append("value=" + Self.number(value))
            if let minimum = states.valueMin { attributes.append("min=" + Self.number(minimum)) }
            if let maximum = states.valueMax { attributes.append("max=" + Self.number(maximum)) }
        }
        if let description { attributes.append("description=" + Self.quoted(description)) }
        if !reference.isEmpty { attributes.append("ref=" + Self.referenceText(reference)) }
        return attributes
    }

    func write(into text: inout String, indent: Int) {
        text += String(repeating: "  ", count: indent) + line
        text += children.isEmpty || value != nil ? "\n" : ":\n"
        guard value == nil else { return }
        for child in children { child.write(into: &text, indent: indent + 1) }
    }

    /// A reference as `[ref=…]` shows it: bare, unless reading it back would change it (a `]` or a space
    /// in it, a leading quote or slash, a line break): then quoted, as a template reads it too.
    static func referenceText(_ reference: String) -> String {
        let plain = !reference.unicodeScalars.contains { $0 == "]" || $0.properties.isWhitespace || $0.value < 0x20 }
            && reference.first != "\"" && reference.first != "/"
        return plain ? reference : quoted(reference)
    }

    /// A number as people write it: `5`, not `5.0`; `0.25`.
    public static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `text` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A value after `: ` as it is, unless reading it back would change it (spaces at either end,
    /// a line break, a leading quote or slash, empty): then quoted.
    static func inlineText(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.first == "\"" || text.first == "/" || text.first!.isWhitespace || text.last!.isWhitespace
            || text.contains(where: { $0.isNewline || ($0.asciiValue ?? 0x20) < 0x20 })
        return needsQuotes ? quoted(text) : text
    }
}
