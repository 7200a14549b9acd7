/// A regular expression from a client, checked so that matching it cannot hold the daemon's one
/// thread for long, and compiled: locators' `textMatches` and tree templates' `/pattern/` strings.
///
/// Swift's `Regex` backtracks: `^(a+)+$` against 18 `a`s and a `!` takes seconds, twice as long
/// with each `a` more, and every client waits meanwhile. So a pattern is refused when its shape
/// can take exponential time, and the texts it runs on are bounded so that what stays polynomial
/// stays small (Protocol/README.md, "Limits", says the same for clients):
///
/// - at most ``maximumPatternLength`` characters;
/// - no backreferences (`\1`, `\k<name>`, `\g{1}`, `(?P=name)`), recursion or subroutine calls
///   (`(?R)`, `(?1)`, `(?&name)`, `\g<name>`), conditionals (`(?(1)…)`), callouts or
///   backtracking verbs (`(*…)`);
/// - a group that repeats (`+`, `*`, `{n,}`, `{n,m}` with m > 1) holds no quantifier of variable
///   count (`+`, `*`, `?`, `{n,m}`) unless that one is possessive (`a++`) or inside an atomic
///   group (`(?>…)`): `(a+)+`, `(a?a)+` and `(\w+\s)*` are refused;
/// - the alternatives of a group that repeats begin with different literal characters
///   (`(get|put)+` passes, `(a|aa)+` and `(\d|x)+` do not: one text, several ways);
/// - its *degree*, the number of places where matching may choose (quantifiers of variable count,
///   one less than the alternatives of a group whose alternatives may begin alike, and one for
///   trying every start when it is not anchored with `^` or `\A`), is at most ``maximumDegree``;
///   it runs on the first ``maximumTextLength(degree:startCost:)`` characters of a text: anchored,
///   10,000 for degree 1, 316 for 2, 46 for 3, 17, 10 and 6 for 4 to 6, so that the worst case
///   stays near ``stepBudget`` steps; unanchored, fewer as its *width* grows (how many characters
///   it matches at once, counted repetitions multiplied: each start may cost that much), which is
///   at most ``stepBudget``.
///
/// Lookahead and lookbehind are allowed; their quantifiers count like any other.
public struct BoundedPattern: @unchecked Sendable, CustomStringConvertible {
    // `Regex` holds no mutable state once built; it is not declared Sendable for other output types.

    /// The longest pattern accepted, in characters.
    public static let maximumPatternLength = 1_000
    /// The most characters the regular expressions of one tree template may hold together.
    public static let maximumTemplatePatternCharacters = 10_000
    /// The longest text a pattern runs on, in characters (a pattern of degree 1).
    public static let maximumTextLengthLimit = 10_000
    /// The most places to choose a pattern may have.
    public static let maximumDegree = 6
    /// Roughly how many steps the worst text may take a pattern: the text bound is chosen so that
    /// its length to the pattern's degree (times its width, unanchored) stays below this (a few milliseconds).
    public static let stepBudget = 100_000

    /// The pattern as the client wrote it.
    public let pattern: String
    /// The number of places where matching may choose (see the type's summary).
    public let degree: Int
    /// How many characters it matches at most at once, its variable quantifiers taken once: what a try
    /// that fails may cost at each place an unanchored pattern starts.
    public let width: Int
    /// Anchored at the start (`^`, `\A`): matching starts at one place, not at every character.
    public let isAnchored: Bool
    /// How many characters of a text it looks at: a longer text is matched on its beginning (so `$`
    /// matches where that ends).
    public let maximumTextLength: Int
    private let regex: Regex<AnyRegexOutput>

    /// Checks and compiles `pattern`.
    ///
    /// - Parameter ignoringCase: letters match either case (a template's `/…/i`).
    /// - Throws: ``Refusal`` saying what is wrong: a shape the rule refuses, or not a regular expression.
    public init(_ pattern: String, ignoringCase: Bool = false) throws(Refusal) {
        self.pattern = pattern
        guard pattern.count <= Self.maximumPatternLength else {
            throw Refusal(reason: "is longer than \(Self.maximumPatternLength) characters (\(pattern.count))")
        }
        let compiled: Regex<AnyRegexOutput>
        do {
            compiled = try Regex(pattern)
        } catch {
            throw Refusal(reason: "is not a regular expression: \(error)", compilerError: "\(error)")
        }
        var shape = Shape(Array(pattern))
        (degree, width) = try shape.degreeAndWidth()
        isAnchored = shape.startsAnchored
        guard width <= Self.stepBudget else {
            throw Refusal(reason: "matches up to \(width) characters at once (counted repetitions multiply, as (a{100}){100} does), "
                              + "more than \(Self.stepBudget): matching could take that many steps at every place it starts")
        }
        guard degree <= Self.maximumDegree else {
            throw Refusal(reason: "has \(degree) places where matching may choose (quantifiers of variable count, alternatives that may begin alike, "
                              + "an unanchored start), more than \(Self.maximumDegree): it could take time of that degree in the text's length")
        }
        maximumTextLength = Self.maximumTextLength(degree: degree, startCost: isAnchored ? 1 : width)
        regex = ignoringCase ? compiled.ignoresCase() : compiled
    }

    /// How many characters of a text a pattern of `degree` looks at: the largest length whose
    /// `degree`-th power, times what each start may cost (`startCost`: its width when it is not
    /// anchored), stays within ``stepBudget``; at most ``maximumTextLengthLimit``.
    public static func maximumTextLength(degree: Int, startCost: Int = 1) -> Int {
        guard degree > 0 else { return maximumTextLengthLimit }
        let startCost = max(startCost, 1)
        guard degree > 1 else { return max(1, min(maximumTextLengthLimit, stepBudget / startCost)) }
        func cost(_ length: Int) -> Int {
            let (steps, overflow) = power(length, degree).multipliedReportingOverflow(by: startCost)
            return overflow ? .max : steps
        }
        var length = 1
        while length < maximumTextLengthLimit && cost(length + 1) <= stepBudget { length += 1 }
        return length
    }

    private static func power(_ base: Int, _ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { product, _ in product.multipliedReportingOverflow(by: base).overflow ? .max : product * base }
    }

    /// The most steps matching one text may take, roughly: the length looked at to the pattern's degree;
    /// times its width when it is not anchored, plus its width; for degree 0 (anchored, nothing to
    /// choose) its width, for it cannot run further than that.
    /// A pending wait judges its patterns after every change, so the daemon bounds their sum.
    public var worstCaseSteps: Int {
        degree == 0 ? max(width, 1) : Self.power(maximumTextLength, degree) * (isAnchored ? 1 : max(width, 1)) + width
    }

    /// Whether a match is found in `text` (in its first ``maximumTextLength`` characters).
    public func isFound(in text: String) -> Bool {
        // Counting a long text's characters would walk all of it: its UTF-8 length bounds them, at once.
        let subject = text.utf8.count <= maximumTextLength ? text[...] : text.prefix(maximumTextLength)
        return (try? regex.firstMatch(in: subject)) != nil
    }

    public var description: String { "/\(pattern)/" }

    /// Why a pattern is not used: the end of a sentence that begins with the pattern
    /// ("/(a+)+$/ is refused: …").
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, as the end of a sentence whose subject is the pattern.
        public let reason: String
        /// What the compiler says when the pattern is not a regular expression at all; nil for a
        /// shape the rule refuses.
        public let compilerError: String?

        public init(reason: String, compilerError: String? = nil) {
            self.reason = reason
            self.compilerError = compilerError
        }

        public var description: String { reason }
    }
}

extension BoundedPattern {
    /// A scan of a pattern's syntax, as far as the rule needs: groups, alternatives, quantifiers and
    /// the constructs it refuses. It errs towards refusing: what it cannot read is counted as variable.
    struct Shape {
        /// A group being read: what it holds so far.
        private struct Frame {
            /// `(?>…)`: what is inside never backtracks once the group has matched.
            var isAtomic = false
            /// It holds a quantifier of variable count that backtracks (directly or in a group within).
            var holdsVariableQuantifier = false
            /// The first character each alternative must begin with, nil when it could begin otherwise.
            var firstCharacters: [Character?] = []
            /// The current alternative has no atom yet.
            var isAtBranchStart = true
            /// The atom just read is the first of its alternative.
            var lastAtomIsBranchFirst = false
            /// The group's degree so far (its quantifiers and ambiguous alternatives).
            var degree = 0
            /// How many characters the current alternative matches at most, its quantifiers of variable
            /// count taken once (their repetitions are the degree's) and fixed counts multiplied.
            var branchWidth = 0
            /// The widest alternative closed so far.
            var widestBranch = 0
            /// The width of the atom just read, which a quantifier multiplies.
            var lastAtomWidth = 0

            /// Whether two alternatives could begin with the same text.
            var hasAmbiguousAlternatives: Bool {
                guard firstCharacters.count > 1 else { return false }
                var seen: Set<String> = []
                for first in firstCharacters {
                    guard let first, seen.insert(first.lowercased()).inserted else { return true }
                }
                return false
            }
        }

        /// The atom a quantifier that follows applies to.
        private enum Atom {
            case none
            case single
            case group(Frame)
        }

        private let characters: [Character]
        private var index = 0
        private var frames: [Frame] = [Frame()]
        private var lastAtom = Atom.none
        /// `(?x)` seen: white space and `#` comments are not atoms.
        private var isExtended = false
        /// `(?m)` seen: `^` matches after every newline, so it anchors nothing.
        private var isMultiline = false

        init(_ characters: [Character]) {
            self.characters = characters
        }

        /// Whether it is anchored at the start (one place to start matching, not every character).
        var startsAnchored: Bool { isAnchored && !isMultiline }

        /// The pattern's degree (see ``BoundedPattern``) and width, or the refusal of a shape it may not have.
        mutating func degreeAndWidth() throws(Refusal) -> (degree: Int, width: Int) {
            let anchored = isAnchored
            while index < characters.count {
                try readNext()
            }
            guard frames.count == 1 else { throw Refusal(reason: "could not be read by the rule that bounds patterns (a group is not closed (missing ')'))") }
            var top = frames[0]
            closeBranch(&top)
            return (top.degree + alternativesDegree(top) + (anchored && !isMultiline ? 0 : 1), top.widestBranch)
        }

        /// Starts with `^` or `\A`, with no alternative at the top level that could start anywhere.
        private var isAnchored: Bool {
            let starts = characters.starts(with: ["^"]) || characters.starts(with: ["\\", "A"])
            guard starts else { return false }
            var depth = 0
            var position = 0
            var inClass = 0
            while position < characters.count {
                let character = characters[position]
                if character == "\\" {
                    position += 2
                    continue
                }
                if inClass > 0 {
                    if character == "[" { inClass += 1 } else if character == "]" { inClass -= 1 }
                } else if character == "[" {
                    inClass = 1
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                } else if character == "|" && depth == 0 {
                    return false
                }
                position += 1
            }
            return true
        }

        private var current: Character { characters[index] }
        private func peek(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        private mutating func readNext() throws(Refusal) {
            let character = current
            if isExtended && (character.isWhitespace || character == "#") {
                if character == "#" {
                    while index < characters.count && current != "\n" { index += 1 }
                } else {
                    index += 1
                }
                return
            }
            switch character {
            case "\\":
                try readEscape()
            case "[":
                skipClass()
                atomRead(first: nil)
            case "(":
                try openGroup()
            case ")":
                try closeGroup()
            case "|":
                index += 1
                closeBranch(&frames[frames.count - 1])
                frames[frames.count - 1].isAtBranchStart = true
                lastAtom = .none
            case "*", "+", "?":
                index += 1
                try quantify(minimum: character == "+" ? 1 : 0, maximum: character == "?" ? 1 : nil)
            case "{":
                if let (minimum, maximum, length) = countedQuantifier() {
                    index += length
                    try quantify(minimum: minimum, maximum: maximum)
                } else {
                    index += 1
                    atomRead(first: "{")
                }
            case "^", "$":
                // Zero-width: begins nothing an alternative could be told apart by.
                index += 1
                atomRead(first: nil)
            case ".":
                index += 1
                atomRead(first: nil)
            default:
                index += 1
                atomRead(first: character)
            }
        }

        /// Records an atom (a character, a class, an escape) in the current alternative.
        private mutating func atomRead(first: Character?, width: Int = 1) {
            let top = frames.count - 1
            frames[top].branchWidth = Self.sum(frames[top].branchWidth, width)
            frames[top].lastAtomWidth = width
            let isFirst = frames[top].isAtBranchStart
            if isFirst {
                frames[top].firstCharacters.append(first)
                frames[top].isAtBranchStart = false
            }
            frames[top].lastAtomIsBranchFirst = isFirst
            lastAtom = .single
        }

        /// Ends the current alternative: one that is empty could begin with anything.
        private func closeBranch(_ frame: inout Frame) {
            if frame.isAtBranchStart { frame.firstCharacters.append(nil) }
            frame.widestBranch = max(frame.widestBranch, frame.branchWidth)
            frame.branchWidth = 0
        }

        private static func sum(_ left: Int, _ right: Int) -> Int {
            let (total, overflow) = left.addingReportingOverflow(right)
            return overflow ? .max : total
        }

        private static func product(_ left: Int, _ right: Int) -> Int {
            let (total, overflow) = left.multipliedReportingOverflow(by: right)
            return overflow ? .max : total
        }

        private func alternativesDegree(_ frame: Frame) -> Int {
            frame.hasAmbiguousAlternatives ? frame.firstCharacters.count - 1 : 0
        }

        private mutating func readEscape() throws(Refusal) {
            guard let next = peek(1) else {
                throw Refusal(reason: "could not be read by the rule that bounds patterns (it ends with a lone backslash)")
            }
            switch next {
            case "1"..."9":
                throw Refusal(reason: "uses a backreference (\\\(next)): backreferences are not supported (they can take exponential time)")
            case "k", "g":
                let what = next == "k" ? "a backreference (\\k)" : "a backreference or subroutine call (\\g)"
                throw Refusal(reason: "uses \(what): backreferences and subroutine calls are not supported (they can take exponential time)")
            case "Q":
                // Quoted text up to \E: literal characters.
                index += 2
                var first: Character?
                var width = 0
                while index < characters.count && !(current == "\\" && peek(1) == "E") {
                    if first == nil { first = current }
                    width += 1
                    index += 1
                }
                index = min(index + 2, characters.count)
                atomRead(first: first, width: max(width, 1))
            case "x", "u", "o", "p", "P", "N":
                // \x{…}, \u{…}, \p{…}: skip the braces (or the short form's letters).
                index += 2
                if index < characters.count && current == "{" {
                    while index < characters.count && current != "}" { index += 1 }
                    index = min(index + 1, characters.count)
                } else if next == "x" {
                    index += min(2, characters.count - index)
                } else if next == "u" {
                    index += min(4, characters.count - index)
                } else if next == "p" || next == "P" {
                    index += min(1, characters.count - index)
                }
                atomRead(first: nil)
            default:
                index += 2
                // An escaped punctuation character is that character; a letter is a class or an anchor.
                atomRead(first: next.isLetter || next.isNumber ? nil : next)
            }
        }

        /// Skips a character class `[…]`, nested classes and escapes included.
        private mutating func skipClass() {
            var depth = 0
            while index < characters.count {
                let character = current
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "[" {
                    depth += 1
                    index += 1
                    // A `]` first (after an optional `^`) is a literal one.
                    if index < characters.count && current == "^" { index += 1 }
                    if index < characters.count && current == "]" { index += 1 }
                    continue
                }
                index += 1
                if character == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        private mutating func openGroup() throws(Refusal) {
            var frame = Frame()
            if peek(1) == "*" {
                throw Refusal(reason: "uses a backtracking control verb or an extension group ((*…)): not supported")
            }
            if peek(1) == "?" {
                let kind = peek(2)
                switch kind {
                case "#":
                    // A comment: skipped whole.
                    while index < characters.count && current != ")" { index += 1 }
                    index = min(index + 1, characters.count)
                    return
                case ">":
                    frame.isAtomic = true
                    index += 3
                case ":", "|", "=", "!", "~":
                    index += 3
                case "<":
                    if peek(3) == "=" || peek(3) == "!" || peek(3) == "*" {
                        index += 4
                    } else {
                        index += 3
                        try skipName(until: ">")
                    }
                case "'":
                    index += 3
                    try skipName(until: "'")
                case "P":
                    if peek(3) == "<" {
                        index += 4
                        try skipName(until: ">")
                    } else {
                        throw Refusal(reason: "uses a backreference or subroutine call ((?P=name), (?P>name)): not supported (they can take exponential time)")
                    }
                case "(":
                    throw Refusal(reason: "uses a conditional ((?(…)…)): not supported")
                case "R", "&":
                    throw Refusal(reason: "uses recursion or a subroutine call ((?R), (?1), (?&name)): not supported (it can take exponential time)")
                case "C":
                    throw Refusal(reason: "uses a callout ((?C…)): not supported")
                default:
                    if let kind, kind.isNumber || ((kind == "+" || kind == "-") && peek(3)?.isNumber == true) {
                        throw Refusal(reason: "uses recursion or a subroutine call ((?R), (?1), (?&name)): not supported (it can take exponential time)")
                    }
                    // Options: `(?i)` for the rest of the group, or `(?i:…)` a group with them.
                    var position = index + 2
                    var flags = ""
                    while position < characters.count, characters[position].isLetter || characters[position] == "-" || characters[position] == "^" {
                        flags.append(characters[position])
                        position += 1
                    }
                    if flags.contains("x") { isExtended = true }
                    if flags.contains("m") { isMultiline = true }
                    guard position < characters.count else {
                        throw Refusal(reason: "could not be read by the rule that bounds patterns (a group is not closed (missing ')'))")
                    }
                    index = position + 1
                    if characters[position] == ")" { return }
                }
            } else {
                index += 1
            }
            frames.append(frame)
            lastAtom = .none
        }

        /// Skips a group's name up to `end`.
        private mutating func skipName(until end: Character) throws(Refusal) {
            while index < characters.count && current != end { index += 1 }
            guard index < characters.count else {
                throw Refusal(reason: "could not be read by the rule that bounds patterns (a group name is not closed)")
            }
            index += 1
        }

        private mutating func closeGroup() throws(Refusal) {
            index += 1
            guard frames.count > 1 else {
                throw Refusal(reason: "could not be read by the rule that bounds patterns (')' closes no group)")
            }
            var group = frames.removeLast()
            closeBranch(&group)
            let top = frames.count - 1
            if !group.isAtomic && group.holdsVariableQuantifier { frames[top].holdsVariableQuantifier = true }
            frames[top].degree += group.degree + alternativesDegree(group)
            // A group begins its alternative with whatever its own single alternative begins with.
            let first = group.firstCharacters.count == 1 ? group.firstCharacters[0] : nil
            atomRead(first: first, width: group.widestBranch)
            lastAtom = .group(group)
        }

        /// `{n}`, `{n,}`, `{n,m}`, `{,m}` at the current index: the counts and the length; nil when
        /// the brace is a literal one.
        private func countedQuantifier() -> (Int, Int?, Int)? {
            var position = index + 1
            func number() -> Int? {
                var digits = ""
                while position < characters.count, let digit = characters[position].wholeNumberValue, characters[position].isASCII {
                    digits.append(String(digit))
                    position += 1
                }
                return digits.isEmpty ? nil : Int(digits.prefix(9))
            }
            let minimum = number()
            var maximum = minimum
            if position < characters.count && characters[position] == "," {
                position += 1
                maximum = number()
                guard minimum != nil || maximum != nil else { return nil }
            } else if minimum == nil {
                return nil
            }
            guard position < characters.count && characters[position] == "}" else { return nil }
            return (minimum ?? 0, maximum, position + 1 - index)
        }

        /// Applies a quantifier to the atom just read, refusing the shapes that can take exponential time.
        private mutating func quantify(minimum: Int, maximum: Int?) throws(Refusal) {
            var isPossessive = false
            if index < characters.count && (current == "?" || current == "+") {
                isPossessive = current == "+"
                index += 1
            }
            let top = frames.count - 1
            let repeats = maximum.map { $0 > 1 } ?? true
            let isVariable = maximum.map { $0 != minimum } ?? true
            if case .group(let group) = lastAtom, repeats {
                if group.holdsVariableQuantifier && !group.isAtomic {
                    throw Refusal(reason: "repeats a group that holds a quantifier of variable count (as (a+)+ or (a?a)* do): "
                                      + "nested quantifiers can take exponential time; make the inner one possessive (a++) "
                                      + "or the group atomic ((?>…)), or write it without the outer repetition")
                }
                if group.hasAmbiguousAlternatives {
                    throw Refusal(reason: "repeats a group whose alternatives may begin alike (as (a|aa)+ does): that can take "
                                      + "exponential time; begin the alternatives with different characters, or use a character class")
                }
            }
            if case .none = lastAtom {
                // A quantifier after nothing: the compiler says what is wrong.
                return
            }
            if isVariable && !isPossessive {
                frames[top].holdsVariableQuantifier = true
                frames[top].degree += 1
            }
            // Fixed counts multiply what the atom matches; a variable one's repetitions are the degree's.
            let count = maximum ?? max(minimum, 1)
            let width = Self.product(frames[top].lastAtomWidth, count)
            frames[top].branchWidth = Self.sum(frames[top].branchWidth - frames[top].lastAtomWidth, width)
            frames[top].lastAtomWidth = width
            // An alternative whose first atom may be absent could begin with what follows it.
            if minimum == 0 && frames[top].lastAtomIsBranchFirst, !frames[top].firstCharacters.isEmpty {
                frames[top].firstCharacters[frames[top].firstCharacters.count - 1] = nil
            }
            lastAtom = .single
        }
    }
}
