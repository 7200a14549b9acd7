/// One line of a frame: runs of text, each with its style. A character is one column.
public struct TerminalLine: Hashable, Sendable {
    public struct Span: Hashable, Sendable {
        public var text: String
        public var style: TerminalStyle
    }

    public private(set) var spans: [Span] = []
    /// Columns the line takes.
    public private(set) var width = 0

    public init() {}

    public init(_ text: String, _ style: TerminalStyle = .plain) {
        append(text, style)
    }

    public mutating func append(_ text: String, _ style: TerminalStyle = .plain) {
        guard !text.isEmpty else { return }
        let clean = String(text.map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? " " : $0 })
        width += clean.count
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += clean
        } else {
            spans.append(Span(text: clean, style: style))
        }
    }

    public mutating func append(_ line: TerminalLine) {
        for span in line.spans { append(span.text, span.style) }
    }

    /// Spaces up to `column` (nothing when the line is already that wide).
    public mutating func pad(to column: Int, _ style: TerminalStyle = .plain) {
        if column > width { append(String(repeating: " ", count: column - width), style) }
    }

    /// The line cut to `columns` columns.
    public func truncated(to columns: Int) -> TerminalLine {
        guard width > columns else { return self }
        var line = TerminalLine()
        for span in spans {
            let room = columns - line.width
            if room <= 0 { break }
            line.append(String(span.text.prefix(room)), span.style)
        }
        return line
    }

    /// The line without the spaces at its end, whatever their style (text read as text keeps none).
    public func trimmingTrailingSpaces() -> TerminalLine {
        var kept = spans
        while let last = kept.last {
            let text = last.text
            var trimmed = Substring(text)
            while trimmed.last == " " { trimmed.removeLast() }
            if trimmed.count == text.count { break }
            kept.removeLast()
            if !trimmed.isEmpty { kept.append(Span(text: String(trimmed), style: last.style)); break }
        }
        var line = TerminalLine()
        for span in kept { line.append(span.text, span.style) }
        return line
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The bytes a terminal needs to show the line (each styled run reset after itself).
    public func encoded(usesColor: Bool) -> String {
        var out = ""
        for span in spans {
            let sequence = span.style.sequence(usesColor: usesColor)
            if sequence.isEmpty {
                out += span.text
            } else {
                out += sequence + span.text + "\u{1B}[0m"
            }
        }
        return out
    }
}
