import SlamJSON
import SlamRPC

/// A template is read, and its regular expressions compiled, while the request's
/// params are decoded: a malformed one is -32602 naming its JSON path before any handler runs.
extension TreeTemplate: ParameterValue {
    public static var jsonTypes: [String] { ["object"] }

    public static var schema: JSONValue {
        ["type": "object",
         "description": .string("A partial element tree in the shape `tree` answers: only the members written are compared; "
            + "a string /pattern/ or /pattern/i is a regular expression; children match in order (a subsequence; one to one with strict)."),
         "properties": ["children": ["type": "array", "items": ["type": "object"]]]]
    }

    public init?(parameter element: JSONElement) {
        guard let template = try? TreeTemplate(json: element.jsonValue) else { return nil }
        self = template
    }

    /// -32602 with the path inside the parameter: `template.children[0].text: /(/ is not a valid regular expression (…)`,
    /// `data`: `{parameter, path}` (`path` from the template's root, `$.children[0].text`).
    public static func decode(_ element: JSONElement, parameter name: String,
                              accepting types: [String]) throws(ResponseError) -> TreeTemplate {
        do {
            return try TreeTemplate(json: element.jsonValue)
        } catch {
            throw .invalidParams("\(error.path(under: name)): \(error.reason)",
                                 data: ["parameter": .string(name), "path": .string(error.path.description)])
        }
    }

    public var parameterJSON: JSONValue { json }
}
