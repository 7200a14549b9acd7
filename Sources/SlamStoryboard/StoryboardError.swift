import SlamJSON
import SlamSuggestions
import SlamUI

/// Why a storyboard was refused: where (a JSON path into the document) and what is wrong.
///
/// ```
/// $.controllers[0].view.children[1].type: unknown element type 'Buton'; known types: ActivityIndicator, Button, …; did you mean 'Button'?
/// ```
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The bytes are not JSON (jansson's message and position).
        case invalidJSON(String)
        case unknownElementType(name: String, known: [String])
        case missingMember(name: String)
        case unknownMember(name: String, allowed: [String])
        /// A property the element type does not take.
        case unknownProperty(name: String, type: String, allowed: [String])
        case wrongValueType(name: String, expected: String, actual: String)
        case emptyValue(name: String)
        /// A word property (`axis`) given a word it does not take.
        case notOneOf(name: String, value: String, allowed: [String])
        case duplicateReference(reference: String, firstPath: String)
        case duplicateControllerIdentifier(identifier: String, firstPath: String)
        case unknownInitialController(identifier: String, known: [String])
        /// Two properties that cannot be used together.
        case exclusiveProperties(String, String)
        /// A `bind` entry that cannot be read or cannot feed its property.
        case badBinding(StateBindingError)
        /// A value of the right JSON type that the property still cannot take (a date that is not ISO 8601,
        /// a table row without text).
        case invalidValue(name: String, reason: String)
    }

    /// Where the problem is, as a JSON path (`$.controllers[0].view.ref`).
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    init(_ path: JSONPath, _ reason: Reason) {
        self.init(path: path.description, reason: reason)
    }

    /// The names probably meant, nearest first, when the reason is a name that is not known
    /// (an element type, member, property, word, initial controller or bindable property); else empty.
    public var suggestions: [String] {
        switch reason {
        case let .unknownElementType(name, known), let .unknownMember(name, known), let .unknownProperty(name, _, known),
             let .notOneOf(_, name, known), let .unknownInitialController(name, known),
             let .badBinding(.unknownProperty(name, _, known)):
            NameSuggestions.nearest(to: name, in: known)
        default:
            []
        }
    }

    /// What is wrong, ending in "did you mean" when a name was probably mistyped.
    public var message: String { explanation + Self.didYouMean(suggestions) }

    /// The message without its "did you mean".
    var explanation: String {
        switch reason {
        case .invalidJSON(let message):
            "not valid JSON: \(message)"
        case let .unknownElementType(name, known):
            "unknown element type '\(name)'; known types: \(known.joined(separator: ", "))"
        case .missingMember(let name):
            "missing required member '\(name)'"
        case let .unknownMember(name, allowed):
            "unknown member '\(name)'; allowed: \(allowed.joined(separator: ", "))"
        case let .unknownProperty(name, type, allowed):
            "unknown property '\(name)' for \(type); \(type) takes \(allowed.joined(separator: ", "))"
        case let .wrongValueType(name, expected, actual):
            "'\(name)' must be \(Self.article(for: expected)) \(expected), got \(actual)"
        case .emptyValue(let name):
            "'\(name)' must not be empty"
        case let .notOneOf(name, value, allowed):
            "'\(name)' must be one of \(allowed.map { "'\($0)'" }.joined(separator: ", ")), got '\(value)'"
        case let .duplicateReference(reference, firstPath):
            "duplicate reference '\(reference)'; first used at \(firstPath)"
        case let .duplicateControllerIdentifier(identifier, firstPath):
            "duplicate controller id '\(identifier)'; first used at \(firstPath)"
        case let .unknownInitialController(identifier, known):
            "initial controller '\(identifier)' is not declared; declared: \(known.joined(separator: ", "))"
        case let .badBinding(error):
            "cannot bind: \(error)"
        case let .exclusiveProperties(first, second):
            "'\(first)' and '\(second)' cannot be used together"
        case let .invalidValue(name, reason):
            "'\(name)': \(reason)"
        }
    }

    public var description: String { "\(path): \(message)" }

    /// `; did you mean 'a' or 'b'?` for `suggestions`, or nothing: the words every storyboard message uses.
    static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
    }

    private static func article(for noun: String) -> String {
        noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
