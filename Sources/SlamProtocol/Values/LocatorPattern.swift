/// A regular expression a locator holds: its `textMatches`, or a name written `/pattern/` or
/// `/pattern/i` (letters in either case).
///
/// The daemon compiles each once (``compiled()``, checked by ``BoundedPattern``'s rule) and keeps
/// them by this value: the same characters with and without `i` are two patterns.
public struct LocatorPattern: Hashable, Sendable, CustomStringConvertible {
    /// The expression, without slashes or flag.
    public let pattern: String
    /// Letters match either case (`/…/i`).
    public let ignoresCase: Bool

    /// The expression `pattern` (as `textMatches` gives it), ignoring case when `ignoresCase`.
    public init(pattern: String, ignoresCase: Bool = false) {
        self.pattern = pattern
        self.ignoresCase = ignoresCase
    }

    /// The pattern a name writes as `/pattern/` or `/pattern/i`; nil for a name meant exactly
    /// (anything else, `/` alone included).
    public init?(written: String) {
        guard written.count >= 2, written.hasPrefix("/") else { return nil }
        if written.hasSuffix("/") {
            self.init(pattern: String(written.dropFirst().dropLast()))
        } else if written.count >= 3, written.hasSuffix("/i") {
            self.init(pattern: String(written.dropFirst().dropLast(2)), ignoresCase: true)
        } else {
            return nil
        }
    }

    /// Checks and compiles the pattern.
    ///
    /// - Throws: ``BoundedPattern/Refusal`` when the rule refuses it or it is not a regular expression.
    public func compiled() throws(BoundedPattern.Refusal) -> BoundedPattern {
        try BoundedPattern(pattern, ignoringCase: ignoresCase)
    }

    /// As a name writes it: `/^Save/`, `/wi-?fi/i`.
    public var description: String { "/\(pattern)/" + (ignoresCase ? "i" : "") }
}
