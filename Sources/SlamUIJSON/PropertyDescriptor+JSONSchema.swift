import SlamJSON
import SlamUI

extension PropertyDescriptor {
    /// The JSON Schema of the property: its kind's, narrowed to its words when it takes only a few.
    ///
    /// Storyboards (`Protocol/storyboard.schema.json`) and snapshots (`rpc.discover`) describe a property
    /// with this one mapping, so the two documents cannot disagree about a value's shape.
    public var jsonSchema: JSONValue {
        guard let allowedValues else { return kind.jsonSchema }
        return ["type": "string", "enum": .array(allowedValues.map(JSONValue.string))]
    }

    /// ``jsonSchema`` with the property's documentation note as its description, for the documents people read
    /// (the storyboard schema, `Protocol/elements.json`); snapshots in discovery leave notes out, so a name several
    /// types share (`text`) keeps one schema where only the notes differ.
    public var describedJSONSchema: JSONValue {
        guard let note, case .object(var members) = jsonSchema else { return jsonSchema }
        members["description"] = .string(note)
        return .object(members)
    }
}

extension PropertyValue.Kind {
    /// The JSON Schema of a value of this kind.
    public var jsonSchema: JSONValue {
        switch self {
        case .bool: ["type": "boolean"]
        case .integer: ["type": "integer"]
        case .double: ["type": "number"]
        case .string: ["type": "string"]
        case .strings: ["type": "array", "items": ["type": "string"]]
        case .optionalInteger: ["type": ["integer", "null"]]
        case .optionalString: ["type": ["string", "null"]]
        case .integers: ["type": "array", "items": ["type": "integer"]]
        case .stringLists: ["type": "array", "items": ["type": "array", "items": ["type": "string"]]]
        case .positions:
            ["type": "array", "items": ["type": "array", "items": ["type": "integer"], "minItems": 2, "maxItems": 2]]
        case .tableSections:
            Self.sectionsSchema(entries: "rows", entry: ["oneOf": [
                ["type": "string"],
                ["type": "object", "additionalProperties": false, "required": ["text"],
                 "properties": ["text": ["type": "string"], "detail": ["type": ["string", "null"]]]],
            ]])
        case .collectionSections:
            Self.sectionsSchema(entries: "items", entry: ["oneOf": [
                ["type": "string", "description": "An item whose key is its text."],
                ["type": "object", "additionalProperties": false, "required": ["text"],
                 "properties": ["key": ["type": "string", "description": "Unique in the view; default: the text."],
                                "text": ["type": "string"]]],
            ]])
        }
    }

    private static func sectionsSchema(entries: String, entry: JSONValue) -> JSONValue {
        ["type": "array", "items": ["type": "object", "additionalProperties": false, "properties": [
            "header": ["type": ["string", "null"]],
            entries: ["type": "array", "items": entry],
        ]]]
    }
}
