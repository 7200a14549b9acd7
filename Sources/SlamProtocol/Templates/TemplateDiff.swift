import SlamJSON

/// How a tree differs from a ``TreeTemplate``: every mismatch, in tree order
/// (empty when the tree matches).
///
/// Its text is one line per mismatch, each naming where it is:
///
/// ```
/// root > children[2] (ref "save", Button) > text: expected /^Sa/, got "Cancel"
/// root > children: no child after [3] matches {type: "Label", text: "Saved"}
///   closest: root > children[5] (ref "status", Label) > text: expected "Saved", got "Saving…"
/// ```
///
/// Its JSON form is an array of ``TemplateMismatch/jsonValue``: a timed-out
/// `waitFor` with a template carries it as `data.diff`.
public struct TemplateDiff: Sendable, Hashable, CustomStringConvertible, ResultValue {
    public let mismatches: [TemplateMismatch]

    public init(mismatches: [TemplateMismatch]) {
        self.mismatches = mismatches
    }

    /// Whether the tree matched the template.
    public var isMatch: Bool { mismatches.isEmpty }

    /// The readable diff, one line per mismatch (the closest child's differences indented).
    public var lines: [String] { mismatches.flatMap(\.lines) }

    public var description: String { isMatch ? "the tree matches the template" : lines.joined(separator: "\n") }

    public var jsonValue: JSONValue { .array(mismatches.map(\.jsonValue)) }

    /// Reads the JSON form (`data.diff` of a timed-out wait).
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let items = json.arrayValue else { throw ResultDecodingError(expected: "an array of template mismatches", got: json) }
        var mismatches: [TemplateMismatch] = []
        for item in items { mismatches.append(try TemplateMismatch(json: item)) }
        self.init(mismatches: mismatches)
    }
}
