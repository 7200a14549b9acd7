import SlamJSON

/// How a run of text looks: attributes and, on a terminal with colours, ANSI colours 0–7.
public struct TerminalStyle: Hashable, Sendable {
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    /// ANSI colour 0–7 (red 1, green 2, yellow 3, blue 4, magenta 5, cyan 6, white 7), or nil.
    public var foreground: UInt8?
    public var background: UInt8?

    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
                foreground: UInt8? = nil, background: UInt8? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    public static let plain = TerminalStyle()
    public static let red: UInt8 = 1, green: UInt8 = 2, yellow: UInt8 = 3, blue: UInt8 = 4, cyan: UInt8 = 6, white: UInt8 = 7

    /// The SGR sequence that sets this style from a reset one (empty for plain);
    /// without colours, only the attributes (bold, dim, underline, reverse).
    public func sequence(usesColor: Bool) -> String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if usesColor {
            if let foreground { codes.append("3\(foreground)") }
            if let background { codes.append("4\(background)") }
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

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

/// Where an element was drawn, and what a click there does.
public struct ElementRegion: Hashable, Sendable {
    /// What a click on the region does.
    public enum Action: Hashable, Sendable {
        /// `press` the element, with this `value` (a row, a segment, `"increment"` …) or none.
        case press(JSONValue?)
        /// `focus` the element (text fields, pickers: a click puts the cursor there).
        case focus
    }

    public var row: Int
    public var column: Int
    public var width: Int
    /// The element's reference (empty for anonymous elements: nothing to click).
    public var ref: String
    public var type: String
    /// The element's node number in the renderer's model, when the tree carried them.
    public var node: Int?
    public var action: Action

    public init(row: Int, column: Int, width: Int, ref: String, type: String, node: Int?, action: Action) {
        self.row = row
        self.column = column
        self.width = width
        self.ref = ref
        self.type = type
        self.node = node
        self.action = action
    }

    public func contains(row: Int, column: Int) -> Bool {
        row == self.row && column >= self.column && column < self.column + width
    }
}

/// A whole screen: exactly one line per terminal row, and the regions of the elements drawn.
public struct TerminalFrame: Hashable, Sendable {
    public var lines: [TerminalLine]
    public var regions: [ElementRegion]
    /// The columns each line is cut or padded to.
    public var width: Int

    public init(lines: [TerminalLine], regions: [ElementRegion], width: Int) {
        self.lines = lines
        self.regions = regions
        self.width = width
    }

    /// The region under a cell (0-based), the innermost when several overlap.
    public func region(atRow row: Int, column: Int) -> ElementRegion? {
        regions.last { $0.contains(row: row, column: column) }
    }

    /// The frame as plain text, trailing spaces removed: what `tmux capture-pane -p` shows.
    public var plainText: String {
        lines.map { line in
            var text = line.plainText
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    /// Each line as the bytes a terminal needs (what ``TerminalRepaint`` compares).
    public func encodedLines(usesColor: Bool) -> [String] {
        lines.map { $0.encoded(usesColor: usesColor) }
    }
}
