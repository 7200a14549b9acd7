/// A partial accessibility snapshot that the screen's must contain, written in the snapshot's own
/// text format (`snapshot` answers it), in the spirit of Playwright's aria snapshots:
///
/// ```
/// - heading "Counter"
/// - button /^\+\d$/
/// - switch "Wi-Fi" [checked]
/// - radiogroup "Theme":
///   - radio "Dark" [checked]
/// ```
///
/// - Each line is `- role`, then optionally a name (a JSON string, matched exactly, or `/pattern/`
///   or `/pattern/i`, searched for), then attributes in brackets, then optionally `: text` (the
///   node's text, such as a text box's: exact, quoted, or `/pattern/`). A line ending in `:` has the
///   more indented lines below it as its children. Blank lines and lines starting with `#` are skipped.
/// - A template node matches a node with its role and name (no name written: any name) where every
///   attribute written holds: `[checked]` (or `[checked=true]`, `[checked=false]`), `disabled`,
///   `expanded`, `selected`, `focused`, `level=N`, `value=N` or `value="text"` or `value=/pattern/`,
///   `min=N`, `max=N`, `description="…"` (or `/pattern/`), `ref=R`. Attributes not written are not compared.
/// - Children written match the node's children in order, as a subsequence: others may come before,
///   between and after. The template's first level matches anywhere in the snapshot (as a
///   subsequence of one node's children, or of the first level).
/// - Regular expressions must pass the rule that bounds patterns (``BoundedPattern``).
public struct AriaTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let text: String
    /// Its first level.
    let roots: [Node]
    /// How many characters its regular expressions hold together (counted against the daemon's limits).
    public let patternCharacters: Int
    /// The most steps its patterns may take on one snapshot's texts, roughly.
    public let patternSteps: Int

    /// The most lines a template may have: matching and its diff stay cheap on the daemon's thread.
    public static let maximumLines = 2_000

    /// Reads a template, compiling its regular expressions once.
    ///
    /// - Throws: ``FormatError`` with the line (1-based) that cannot be read, and why.
    public init(_ text: String) throws(FormatError) {
        self.text = text
        var parser = Parser()
        // Split by scalars: "\r\n" is one Character, and a file written on Windows must read as well.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= Self.maximumLines else {
            throw FormatError(line: Self.maximumLines + 1, reason: "a template may have at most \(Self.maximumLines) lines, this one has \(lines.count)")
        }
        for (index, line) in lines.enumerated() {
            try parser.read(String(String.UnicodeScalarView(line)), number: index + 1)
        }
        roots = parser.finish()
        guard !roots.isEmpty else { throw FormatError(line: 1, reason: "the template has no line starting with '- '") }
        patternCharacters = parser.patternCharacters
        patternSteps = parser.patternSteps
        guard patternCharacters <= BoundedPattern.maximumTemplatePatternCharacters else {
            throw FormatError(line: 1, reason: "its regular expressions hold \(patternCharacters) characters together, "
                                  + "more than \(BoundedPattern.maximumTemplatePatternCharacters)")
        }
    }

    /// Whether the snapshot whose first level is `nodes` contains the template.
    public func matches<Subject: AriaSubject>(_ nodes: [Subject]) -> Bool {
        if Self.listMatches(roots, nodes) { return true }
        return nodes.contains { contains($0) }
    }

    private func contains<Subject: AriaSubject>(_ node: Subject) -> Bool {
        let children = node.ariaChildren
        if Self.listMatches(roots, children) { return true }
        return children.contains { contains($0) }
    }

    /// Each template node matches a node after the one the previous matched. Taking the first that
    /// matches is never worse than a later one: it leaves the most nodes for the rest.
    static func listMatches<Subject: AriaSubject>(_ templates: [Node], _ nodes: [Subject]) -> Bool {
        var next = nodes.startIndex
        for template in templates {
            guard let found = nodes[next...].firstIndex(where: { template.matches($0) }) else { return false }
            next = found + 1
        }
        return true
    }

    /// The template, its lines indented two spaces per level as the snapshot writes them.
    public var normalized: String {
        var lines: [String] = []
        for root in roots { root.appendLines(to: &lines, indent: 0) }
        return lines.map { $0 + "\n" }.joined()
    }

    public var description: String { text }

    public static func == (lhs: AriaTemplate, rhs: AriaTemplate) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// A template that cannot be read: the line (1-based) and why.
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `line 3: unknown attribute 'chekced'; …`.
        public var description: String { "line \(line): \(reason)" }
    }
}

// MARK: - The compiled template

extension AriaTemplate {
    /// A text a template compares: exactly, or a regular expression searched for.
    enum TextPattern: Sendable {
        case exact(String)
        case pattern(BoundedPattern)

        func matches(_ text: String) -> Bool {
            switch self {
            case .exact(let expected): expected == text
            case .pattern(let pattern): pattern.isFound(in: text)
            }
        }
    }

    /// What an attribute written in a template expects.
    enum Expectation: Sendable {
        case bool(Bool)
        case number(Double)
        case text(TextPattern)
    }

    /// One line of a template and the lines below it.
    final class Node: Sendable {
        let role: String
        let name: TextPattern?
        let attributes: [(name: String, expected: Expectation)]
        let value: TextPattern?
        /// The line as written, after `- ` and without the `:` that introduces children.
        let source: String
        let children: [Node]

        init(role: String, name: TextPattern?, attributes: [(name: String, expected: Expectation)], value: TextPattern?,
             source: String, children: [Node]) {
            self.role = role
            self.name = name
            self.attributes = attributes
            self.value = value
            self.source = source
            self.children = children
        }

        /// Whether `node` has this line's role, name, attributes and text, and children that contain this one's.
        func matches<Subject: AriaSubject>(_ node: Subject) -> Bool {
            matchesLine(node) && (children.isEmpty || AriaTemplate.listMatches(children, node.ariaChildren))
        }

        /// Whether `node`'s own line agrees with this one (children not compared).
        func matchesLine<Subject: AriaSubject>(_ node: Subject) -> Bool {
            guard node.ariaRole == role, name?.matches(node.ariaName) ?? true else { return false }
            if let value, !value.matches(node.ariaValue ?? "") { return false }
            return attributes.allSatisfy { Self.holds($0.expected, node.ariaAttribute($0.name)) }
        }

        /// Whether the role and name agree: the node a person most likely meant.
        func matchesRoleAndName<Subject: AriaSubject>(_ node: Subject) -> Bool {
            node.ariaRole == role && (name?.matches(node.ariaName) ?? true)
        }

        private static func holds(_ expected: Expectation, _ actual: AriaAttributeValue?) -> Bool {
            switch (expected, actual) {
            case (.bool(let wanted), .bool(let value)?): return wanted == value
            case (.bool(let wanted), nil): return !wanted
            case (.number(let wanted), .number(let value)?): return wanted == value
            case (.number(let wanted), .text(let value)?): return AriaTemplate.numberText(wanted) == value
            case (.text(let pattern), .text(let value)?): return pattern.matches(value)
            case (.text(let pattern), .number(let value)?): return pattern.matches(AriaTemplate.numberText(value))
            default: return false
            }
        }

        /// The template's lines for this node, indented as the snapshot indents.
        func appendLines(to lines: inout [String], indent: Int) {
            lines.append(String(repeating: "  ", count: indent) + "- " + source + (children.isEmpty ? "" : ":"))
            for child in children { child.appendLines(to: &lines, indent: indent + 1) }
        }
    }

    /// A number as snapshots write it: `5`, not `5.0`.
    static func numberText(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
