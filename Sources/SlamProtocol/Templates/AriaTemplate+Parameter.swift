import SlamJSON
import SlamRPC

/// A template is read, and its regular expressions compiled, while the request's params are
/// decoded: a malformed one is -32602 naming its line before any handler runs.
extension AriaTemplate: ParameterValue {
    public static var jsonTypes: [String] { ["string"] }

    public static var schema: JSONValue {
        ["type": "string",
         "description": .string("A partial accessibility snapshot in the text format `snapshot` answers: a line `- role \"name\" [state]` per node, "
            + "children indented below a line ending in ':'; a name may be /pattern/ (or /pattern/i); children match in order, as a subsequence; "
            + "the template may match anywhere in the snapshot.")]
    }

    public init?(parameter element: JSONElement) {
        guard let text = element.stringValue, let template = try? AriaTemplate(text) else { return nil }
        self = template
    }

    /// -32602 `aria: line 3: unknown attribute 'chekced'; …`, `data`: `{parameter, line}`.
    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> AriaTemplate {
        guard let text = element.stringValue else {
            throw .invalidParams("parameter '\(name)' must be a string, got \(element.typeName)",
                                 data: ["parameter": .string(name), "expected": "a string"])
        }
        do {
            return try AriaTemplate(text)
        } catch {
            throw .invalidParams("\(name): \(error)", data: ["parameter": .string(name), "line": .integer(Int64(error.line))])
        }
    }

    public var parameterJSON: JSONValue { .string(text) }
}
