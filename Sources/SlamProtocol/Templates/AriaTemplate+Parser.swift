/// Reading a template's text, line by line.
extension AriaTemplate {
    /// The attributes a template may write, and what each one holds.
    static let attributeKinds: [(name: String, kind: AttributeKind)] = [
        ("checked", .bool), ("disabled", .bool), ("expanded", .bool), ("selected", .bool), ("focused", .bool),
        ("level", .number), ("value", .numberOrText), ("min", .number), ("max", .number),
        ("description", .text), ("ref", .text),
    ]

    enum AttributeKind {
        case bool, number, text, numberOrText
    }

    /// A node being read: its children arrive on the lines after it.
    final class PendingNode {
        let line: Int
        let indent: Int
        let role: String
        let name: TextPattern?
        let attributes: [(name: String, expected: Expectation)]
        let value: TextPattern?
        let source: String
        var children: [PendingNode] = []

        init(line: Int, indent: Int, role: String, name: TextPattern?, attributes: [(name: String, expected: Expectation)],
             value: TextPattern?, source: String) {
            self.line = line
            self.indent = indent
            self.role = role
            self.name = name
            self.attributes = attributes
            self.value = value
            self.source = source
        }

        var node: Node {
            Node(role: role, name: name, attributes: attributes, value: value, source: source, children: children.map(\.node))
        }
    }

    struct Parser {
        private var roots: [PendingNode] = []
        /// The nodes the next line may be a child of, outermost first.
        private var open: [PendingNode] = []
        private(set) var patternCharacters = 0
        private(set) var patternSteps = 0

        mutating func read(_ rawLine: String, number: Int) throws(FormatError) {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : rawLine
            let content = line.drop(while: { $0 == " " })
            if content.isEmpty || content.hasPrefix("#") { return }
            let indent = line.count - content.count
            if content.first == "\t" || line.prefix(indent).contains("\t") {
                throw FormatError(line: number, reason: "indent with spaces, not tabs")
            }
            guard content.hasPrefix("- ") || content == "-" else {
                throw FormatError(line: number, reason: "a line must start with '- ' and a role (as `- button \"Save\"`), got '\(content)'")
            }
            var scanner = LineScanner(Array(content.dropFirst(2)), line: number)
            let node = try scanner.node(indent: indent, parser: &self)
            while let last = open.last, last.indent >= indent { open.removeLast() }
            let siblings = open.last?.children ?? roots
            if let sibling = siblings.first, sibling.indent != indent {
                throw FormatError(line: number, reason: "its indentation (\(indent) spaces) matches no line above it (line \(sibling.line) has \(sibling.indent))")
            }
            if let parent = open.last {
                parent.children.append(node)
            } else {
                roots.append(node)
            }
            open.append(node)
        }

        func finish() -> [Node] { roots.map(\.node) }

        /// Compiles a `/pattern/` or `/pattern/i` written on `line`, counting it against the template's limits.
        mutating func compile(_ pattern: String, ignoringCase: Bool, line: Int, what: String) throws(FormatError) -> TextPattern {
            do {
                let compiled = try BoundedPattern(pattern, ignoringCase: ignoringCase)
                patternCharacters += pattern.count + 2
                patternSteps += compiled.worstCaseSteps
                return .pattern(compiled)
            } catch {
                throw FormatError(line: line, reason: "\(what) /\(pattern)/ \(error.reason)")
            }
        }
    }

    /// Reads one line's content after `- `.
    struct LineScanner {
        let characters: [Character]
        let line: Int
        var index = 0

        init(_ characters: [Character], line: Int) {
            self.characters = characters
            self.line = line
        }

        var atEnd: Bool { index >= characters.count }
        var current: Character? { atEnd ? nil : characters[index] }

        mutating func skipSpaces() {
            while current == " " { index += 1 }
        }

        func fail(_ reason: String) -> FormatError { FormatError(line: line, reason: reason) }

        mutating func node(indent: Int, parser: inout Parser) throws(FormatError) -> PendingNode {
            let start = index
            while let character = current, character.isLetter || character.isNumber || character == "-" || character == "_" { index += 1 }
            let role = String(characters[start..<index])
            guard !role.isEmpty else { throw fail("expected a role after '- ' (as `- button`)") }
            skipSpaces()
            var name: TextPattern?
            if current == "\"" {
                name = .exact(try quotedString())
            } else if current == "/" {
                name = try regularExpression(parser: &parser, what: "the name")
            }
            skipSpaces()
            var attributes: [(name: String, expected: Expectation)] = []
            while current == "[" {
                attributes.append(try attribute(parser: &parser))
                skipSpaces()
            }
            var value: TextPattern?
            var sourceEnd = index
            if current == ":" {
                index += 1
                skipSpaces()
                if !atEnd {
                    sourceEnd = characters.count
                    if current == "\"" {
                        value = .exact(try quotedString())
                    } else if current == "/" {
                        value = try regularExpression(parser: &parser, what: "the text")
                    } else {
                        value = .exact(String(characters[index...]).trimmingTrailingSpaces())
                        index = characters.count
                    }
                    skipSpaces()
                }
            }
            guard atEnd else {
                throw fail("unexpected '\(String(characters[index...]))' (after the role come a quoted name or /pattern/, "
                           + "[attributes], then ':' and a text or the children on the lines below)")
            }
            let source = String(characters[..<sourceEnd]).trimmingTrailingSpaces()
            return PendingNode(line: line, indent: indent, role: role, name: name, attributes: attributes, value: value, source: source)
        }

        /// `[name]` or `[name=value]`.
        mutating func attribute(parser: inout Parser) throws(FormatError) -> (name: String, expected: Expectation) {
            index += 1
            let start = index
            while let character = current, character.isLetter { index += 1 }
            let name = String(characters[start..<index])
            guard let kind = AriaTemplate.attributeKinds.first(where: { $0.name == name })?.kind else {
                let known = AriaTemplate.attributeKinds.map(\.name).joined(separator: ", ")
                throw fail(name.isEmpty ? "expected an attribute name after '['" : "unknown attribute '\(name)'; known: \(known)")
            }
            let expected: Expectation
            if current == "]" {
                guard kind == .bool else { throw fail("[\(name)] needs a value, as [\(name)=…]") }
                expected = .bool(true)
            } else {
                guard current == "=" else { throw fail("expected '=' or ']' after [\(name)") }
                index += 1
                expected = try attributeValue(name: name, kind: kind, parser: &parser)
            }
            guard current == "]" else { throw fail("expected ']' to close [\(name)") }
            index += 1
            return (name, expected)
        }

        private mutating func attributeValue(name: String, kind: AttributeKind, parser: inout Parser) throws(FormatError) -> Expectation {
            if current == "\"" {
                guard kind == .text || kind == .numberOrText else { throw fail("[\(name)=…] takes a \(kind == .bool ? "true or false" : "number")") }
                return .text(.exact(try quotedString()))
            }
            if current == "/" {
                guard kind == .text || kind == .numberOrText else { throw fail("[\(name)=…] takes a \(kind == .bool ? "true or false" : "number")") }
                return .text(try regularExpression(parser: &parser, what: "[\(name)]"))
            }
            let start = index
            while let character = current, character != "]" { index += 1 }
            let word = String(characters[start..<index])
            switch kind {
            case .bool:
                guard let value = Bool(word) else { throw fail("[\(name)=…] takes true or false, got '\(word)'") }
                return .bool(value)
            case .number, .numberOrText:
                guard let value = Double(word) else {
                    throw fail("[\(name)=…] takes a number\(kind == .numberOrText ? ", a quoted text or /pattern/" : ""), got '\(word)'")
                }
                return .number(value)
            case .text:
                guard !word.isEmpty else { throw fail("[\(name)=…] needs a value") }
                return .text(.exact(word))
            }
        }

        /// A JSON string: `"…"` with `\"`, `\\`, `\n`, `\t`, `\r`, `\/`, `\uXXXX` escapes.
        mutating func quotedString() throws(FormatError) -> String {
            index += 1
            var text = ""
            while let character = current {
                index += 1
                switch character {
                case "\"": return text
                case "\\":
                    guard let escaped = current else { break }
                    index += 1
                    switch escaped {
                    case "n": text += "\n"
                    case "t": text += "\t"
                    case "r": text += "\r"
                    case "b": text += "\u{8}"
                    case "f": text += "\u{c}"
                    case "u":
                        guard let code = hexQuad() else { throw fail("a \\u escape needs four hex digits") }
                        if (0xD800..<0xDC00).contains(code) {
                            // A character past U+FFFF is written as JSON writes it: a surrogate pair.
                            guard current == "\\", index + 1 < characters.count, characters[index + 1] == "u" else {
                                throw fail("a \\u escape of a high surrogate needs its low one after it")
                            }
                            index += 2
                            guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { throw fail("a \\u escape of a high surrogate needs its low one after it") }
                            text.unicodeScalars.append(Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!)
                        } else {
                            guard let scalar = Unicode.Scalar(code) else { throw fail("\\u\(String(code, radix: 16)) is not a character") }
                            text.unicodeScalars.append(scalar)
                        }
                    case "\"", "\\", "/": text.append(escaped)
                    default: throw fail("'\\\(escaped)' is not an escape a JSON string has (\\\" \\\\ \\/ \\n \\t \\r \\b \\f \\u)")
                    }
                default: text.append(character)
                }
            }
            throw fail("a quoted text is not closed (a name is a JSON string: \"…\")")
        }

        /// Four hex digits at the cursor, read and passed; nil when there are not four.
        private mutating func hexQuad() -> UInt32? {
            guard index + 4 <= characters.count, let code = UInt32(String(characters[index..<index + 4]), radix: 16) else { return nil }
            index += 4
            return code
        }

        /// `/pattern/` or `/pattern/i`; a `/` inside is written `\/`.
        mutating func regularExpression(parser: inout Parser, what: String) throws(FormatError) -> TextPattern {
            index += 1
            var pattern = ""
            while let character = current, character != "/" {
                index += 1
                if character == "\\", current == "/" {
                    pattern.append("/")
                    index += 1
                } else {
                    pattern.append(character)
                    if character == "\\", let next = current {
                        pattern.append(next)
                        index += 1
                    }
                }
            }
            guard current == "/" else { throw fail("\(what): a /pattern/ is not closed") }
            index += 1
            var ignoringCase = false
            if current == "i" {
                ignoringCase = true
                index += 1
            }
            return try parser.compile(pattern, ignoringCase: ignoringCase, line: line, what: what)
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
