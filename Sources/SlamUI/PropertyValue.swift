/// The value of one user-visible property of an element, as storyboards set it
/// and snapshots report it. A small closed set, so the framework needs no JSON.
public enum PropertyValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case strings([String])
    case integers([Int])
    /// A nested value (a picker's components, a table's sections, selected positions),
    /// already in the normal form its kind describes (see ``Kind``).
    case structured(StateValue)
}

extension PropertyValue {
    /// The kind of value a property holds, for validating storyboard input.
    public enum Kind: String, Hashable, Sendable {
        case bool = "boolean"
        case integer
        case double = "number"
        case string
        case strings = "array of strings"
        case optionalInteger = "integer or null"
        case optionalString = "string or null"
        case integers = "array of integers"
        /// A picker's components: `[["S", "M"], ["Red", "Blue"]]`.
        case stringLists = "array of arrays of strings"
        /// Selected rows of a sectioned table: `[[section, row], …]`.
        case positions = "array of [section, row] pairs"
        /// A sectioned table's rows: `[{"header": …, "rows": [{"text": …, "detail": …}]}]`.
        case tableSections = "array of table sections"
        /// A collection view's items: `[{"header": …, "items": [{"key": …, "text": …}]}]`.
        case collectionSections = "array of collection sections"

        /// Lists of numbers and nested values, which a storyboard or the shared state must give in their shape.
        var isNested: Bool {
            switch self {
            case .integers, .stringLists, .positions, .tableSections, .collectionSections: true
            default: false
            }
        }
    }

    /// Whether this value is acceptable for a property of `kind` (integers are accepted as numbers).
    public func fits(_ kind: Kind) -> Bool {
        switch (kind, self) {
        case (.bool, .bool), (.integer, .integer), (.double, .double), (.double, .integer), (.string, .string),
             (.strings, .strings), (.optionalInteger, .integer), (.optionalInteger, .null),
             (.optionalString, .string), (.optionalString, .null), (.integers, .integers),
             (.stringLists, .structured), (.positions, .structured), (.tableSections, .structured),
             (.collectionSections, .structured):
            true
        default:
            false
        }
    }

    var boolValue: Bool { if case .bool(let value) = self { value } else { false } }
    var integerValue: Int? { if case .integer(let value) = self { value } else { nil } }
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    var stringsValue: [String] { if case .strings(let value) = self { value } else { [] } }
    var integersValue: [Int] { if case .integers(let value) = self { value } else { [] } }
    var structuredValue: StateValue { if case .structured(let value) = self { value } else { .null } }
    var doubleValue: Double {
        switch self {
        case .double(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }
}
