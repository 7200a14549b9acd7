import SlamJSON
import SlamUI

/// What every snapshot carries beside its type's properties (`role`, `name`, the ARIA states), with the
/// JSON Schema and description of each: `Protocol/elements.json`'s `accessibilityMembers` and the
/// OpenRPC snapshot schema are written from this one list.
public enum AccessibilityMemberSchema {
    /// The members every snapshot may carry besides its type's properties, with their JSON Schema:
    /// `role` and `name` always, the rest where they apply (``SlamUI/View/forEachSnapshotMember(_:)``).
    public static var manifest: JSONValue {
        let schemas: [String: (JSONValue, String)] = [
            "role": (["type": "string"], "The element's WAI-ARIA role now (`button`, `switch`, `heading` …); always present."),
            "name": (["type": "string"], "The accessible name: the element's `label`, else its own text (a button's title, a label's text, an alert's title, a web view's title), else a text field's placeholder, else \"\"; always present."),
            "description": (["type": "string"], "The accessible description (`description`, or an alert's message); only when there is one."),
            "checked": (["type": "boolean"], "A switch's state."),
            "disabled": (["const": true], "Present, and true, while a control is not enabled."),
            "expanded": (["type": "boolean"], "Whether an element that can open is open."),
            "selected": (["type": "boolean"], "Whether the element is selected."),
            "level": (["type": "integer", "minimum": 1, "maximum": 6], "A heading's level."),
            "valueNow": (["type": "number"], "A range's value (slider, stepper, progress bar, page control)."),
            "valueMin": (["type": "number"], "The range's lowest value."),
            "valueMax": (["type": "number"], "The range's highest value."),
            "valueText": (["type": "string"], "The value as a person reads it (`40%`, `Page 2 of 3`, a date)."),
        ]
        return .array(View.accessibilitySnapshotMembers.map { name in
            let (schema, description) = schemas[name]!
            return ["name": .string(name), "schema": schema, "description": .string(description)]
        })
    }
}
