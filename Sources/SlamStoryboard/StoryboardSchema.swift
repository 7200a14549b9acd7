import SlamJSON
import SlamUI
import SlamUIJSON

/// The JSON Schema (draft 2020-12) of storyboards, generated from the element
/// types' own property declarations so the schema cannot drift from the reader.
/// `Protocol/storyboard.schema.json` is this document, committed; a test keeps them equal.
public enum StoryboardSchema {
    public static func document(elementTypes: [String: ElementType] = ElementType.builtIn) -> JSONValue {
        let typeNames = elementTypes.keys.sorted()
        var definitions: JSONValue.Object = [
            "controller": [
                "type": "object",
                "description": "A screen: its identifier, its title (defaults to the id) and its root element.",
                "required": ["id", "view"],
                "additionalProperties": false,
                "properties": [
                    "id": ["type": "string", "minLength": 1],
                    "title": ["type": "string"],
                    "view": ["$ref": "#/$defs/element"],
                ],
            ],
            "alert": [
                "type": "object",
                "description": "An alert the 'alert' task presents (param: its id): a modal with a title, a message and buttons. Pressing a button dismisses it, then runs the button's task.",
                "required": ["id", "title", "buttons"],
                "additionalProperties": false,
                "properties": [
                    "id": ["type": "string", "minLength": 1],
                    "title": ["type": "string", "minLength": 1],
                    "message": ["type": "string"],
                    "buttons": ["type": "array", "minItems": 1, "items": [
                        "type": "object",
                        "required": ["title"],
                        "additionalProperties": false,
                        "properties": [
                            "title": ["type": "string", "minLength": 1],
                            "ref": ["type": "string", "minLength": 1, "description": "Default: the title in lower case, letters and digits only."],
                            "style": ["enum": .array(ButtonStyle.allCases.map { .string($0.rawValue) }),
                                     "description": "Escape presses the cancel button; destructive buttons are shown as such."],
                            "task": ["type": "string"],
                            "param": ["type": "string"],
                        ],
                    ]],
                ],
            ],
            "element": [
                "description": "An element of one of the built-in types, chosen by its 'type'.",
                "oneOf": .array(typeNames.map { ["$ref": .string("#/$defs/\($0)")] }),
            ],
        ]
        for name in typeNames {
            let type = elementTypes[name]!
            var properties: JSONValue.Object = [
                "type": ["const": .string(name)],
                "ref": ["type": "string", "minLength": 1, "description": "Unique within the controller."],
                "children": ["type": "array", "items": ["$ref": "#/$defs/element"]],
            ]
            for descriptor in type.properties where descriptor.isInspectable {
                properties[descriptor.name] = descriptor.describedJSONSchema
            }
            properties["bind"] = [
                "type": "object",
                "description": "Properties that follow the shared state: a key (\"wifi\"), for a boolean the opposite of a key (\"!busy\") or whether it holds a value (\"?selected\"), or for text a template (\"Count: {count}\", with a number format \"Tip {tip:.2f}\").",
                "propertyNames": ["enum": .array(type.properties.filter(\.isInspectable).map { .string($0.name) })],
                "additionalProperties": ["type": "string", "minLength": 1],
            ]
            properties["label"] = ["type": "string", "minLength": 1,
                                   "description": "The accessible name assistive technology reads; it wins over the element's own text."]
            properties["description"] = ["type": "string", "description": "The accessible description, read after the name."]
            if name == "Label" {
                properties["heading"] = ["type": "integer", "minimum": 1, "maximum": 6,
                                         "description": "Makes the label a heading of this level (role heading)."]
            }
            if name == "View" {
                properties["region"] = ["type": "string", "minLength": 1,
                                        "description": "Makes the view a named landmark (role region) a person can jump to."]
            }
            if !type.userInputProperties.isEmpty {
                properties["changeTask"] = ["type": "string", "minLength": 1,
                                            "description": "The task to run when a person changes the element's value (not when code or the state does), as a press runs 'task'."]
                properties["changeParam"] = ["type": "string", "description": "The change task's param."]
                properties["changeDebounceMs"] = ["type": "integer", "minimum": 0, "maximum": .integer(Int64(ChangeTask.maximumDebounceMilliseconds)),
                                                  "description": .string("How long the value must stay unchanged before the change task runs (default \(type.defaultChangeDebounceMilliseconds); 0: on every change).")]
            }
            var definition: JSONValue.Object = [
                "description": .string(type.summary),
                "type": "object",
                "required": ["type", "ref"],
                "additionalProperties": false,
                "properties": .object(properties),
            ]
            if !type.userInputProperties.isEmpty {
                definition["dependentRequired"] = ["changeParam": ["changeTask"], "changeDebounceMs": ["changeTask"]]
            }
            if !type.exclusiveProperties.isEmpty {
                definition["not"] = ["required": .array(type.exclusiveProperties.map(JSONValue.string))]
            }
            definitions[name] = .object(definition)
        }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Slam storyboard",
            "description": "Controllers and their element trees with static properties. Generated from the element declarations; see Protocol/README.md.",
            "type": "object",
            "required": ["initial", "controllers"],
            "additionalProperties": false,
            "properties": [
                "initial": ["type": "string", "minLength": 1, "description": "The id of the controller shown first."],
                "state": ["type": "object", "description": "The shared state's starting values, by key (any JSON values)."],
                "controllers": ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/controller"]],
                "alerts": ["type": "array", "items": ["$ref": "#/$defs/alert"]],
                "clientTasks": ["type": "array", "uniqueItems": true, "items": ["type": "string", "minLength": 1],
                                "description": "Tasks a client supplies at run time (tasks.register, slamctl serve-task): elements may name them without a warning from the check."],
            ],
            "$defs": .object(definitions),
        ]
    }

}
