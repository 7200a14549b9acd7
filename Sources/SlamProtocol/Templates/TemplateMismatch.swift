import SlamJSON

/// One place where a tree differs from a ``TreeTemplate``.
///
/// Reads as `root > children[2] (ref "save", Button) > text: expected /^Sa/, got "Cancel"`;
/// the JSON form (in a timed-out `waitFor`'s `data.diff`) carries the same facts for programs.
public struct TemplateMismatch: Sendable, Hashable, CustomStringConvertible {
    /// What kind of difference it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A property (or an item or member of one) has another value.
        case valueDiffers = "value"
        /// The template writes a property (or member) the element does not have.
        case propertyMissing = "missing"
        /// No child, in order after the previous one matched, matches a template child.
        case noMatchingChild = "noMatchingChild"
        /// With `strict`, the element has another number of children than the template writes.
        case childCount = "childCount"
    }

    public let kind: Kind
    /// Where, for people: `root > children[2] (ref "save", Button) > text`.
    public let path: String
    /// Where, as a JSON path into the actual tree: `$.children[2].text`.
    public let pointer: String
    /// What is wrong there: `expected /^Sa/, got "Cancel"`.
    public let message: String
    /// The template's value (or element template) as written.
    public let expected: JSONValue?
    /// The tree's value; nil when there is none (a missing property, no matching child).
    public let actual: JSONValue?
    /// For ``Kind/noMatchingChild``: the index of the child that came closest, when one agrees on a property.
    public let closestIndex: Int?
    /// For ``Kind/noMatchingChild``: how that closest child differs from the template child.
    public let closest: [TemplateMismatch]

    public init(kind: Kind, path: String, pointer: String, message: String, expected: JSONValue?, actual: JSONValue?,
                closestIndex: Int? = nil, closest: [TemplateMismatch] = []) {
        self.kind = kind
        self.path = path
        self.pointer = pointer
        self.message = message
        self.expected = expected
        self.actual = actual
        self.closestIndex = closestIndex
        self.closest = closest
    }

    /// `path: message`, then the closest child's differences indented beneath.
    public var description: String { lines.joined(separator: "\n") }

    /// The readable form, one line per difference; the closest child's differences follow,
    /// each indented one step deeper and prefixed `closest:`.
    public var lines: [String] {
        ["\(path): \(message)"] + closest.flatMap { mismatch in
            let lines = mismatch.lines
            return ["  closest: " + lines[0]] + lines.dropFirst().map { "  " + $0 }
        }
    }

    /// `{kind, path, pointer, message, expected?, actual?, closestIndex?, closest?}`.
    public var jsonValue: JSONValue {
        var object: JSONValue.Object = ["kind": .string(kind.rawValue), "path": .string(path), "pointer": .string(pointer),
                                        "message": .string(message)]
        if let expected { object["expected"] = expected }
        if let actual { object["actual"] = actual }
        if let closestIndex { object["closestIndex"] = .integer(Int64(closestIndex)) }
        if !closest.isEmpty { object["closest"] = .array(closest.map(\.jsonValue)) }
        return .object(object)
    }

    /// Reads the JSON form back.
    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let kindName = json["kind"]?.stringValue, let kind = Kind(rawValue: kindName),
              let path = json["path"]?.stringValue, let pointer = json["pointer"]?.stringValue,
              let message = json["message"]?.stringValue else {
            throw ResultDecodingError(expected: "a template mismatch {kind, path, pointer, message}", got: json)
        }
        var closest: [TemplateMismatch] = []
        for item in json["closest"]?.arrayValue ?? [] { closest.append(try TemplateMismatch(json: item)) }
        self.init(kind: kind, path: path, pointer: pointer, message: message, expected: json["expected"], actual: json["actual"],
                  closestIndex: json["closestIndex"]?.integerValue.map { Int($0) }, closest: closest)
    }
}
