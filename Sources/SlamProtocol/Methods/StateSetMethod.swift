import SlamJSON
import SlamRPC
import SlamStoryboard
import SlamUI

/// `state.set {key, value}` or `state.set {values}` → `{changed}`: writes the
/// shared state; every element bound to a changed key updates before the reply
/// (one coalesced update per controller), subscribers hear `stateChanged` and `changed`.
enum StateSetMethod {
    static let name = "state.set"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Writes the shared state: one key and value, or several values at once; bound elements update once.",
                         parameters: [
                             StateParameters.key(required: false),
                             ParameterDescriptor("value", summary: "The new value of `key` (any JSON value).", schema: [:]),
                             ParameterDescriptor("values", summary: "Several keys and their new values, instead of `key` and `value`.",
                                                 schema: ["type": "object"]),
                         ],
                         result: ["type": "object", "properties": ["changed": ["type": "array", "items": ["type": "string"]]]],
                         errors: []) { [unowned service] call throws(ResponseError) in
            let arguments = call.arguments
            var newValues: [(String, StateValue)] = []
            switch (arguments["key"], arguments["value"], arguments["values"]) {
            case (.some, .some, nil):
                newValues = [(try StateParameters.key(arguments), StateValue(json: arguments["value"]!))]
            case (nil, nil, .object(let members)?):
                for (key, value) in members {
                    guard !key.isEmpty else { throw .invalidParams("values: a key must not be empty", data: ["parameter": "values"]) }
                    newValues.append((key, StateValue(json: value)))
                }
            case (nil, nil, let other?):
                throw .invalidParams("values: must be an object of keys and values, got \(other.typeName)", data: ["parameter": "values"])
            case (.some, nil, _):
                throw .invalidParams("missing required parameter 'value' (the new value of 'key')", data: ["parameter": "value"])
            case (nil, .some, _):
                throw .invalidParams("missing required parameter 'key' (the key 'value' is for)", data: ["parameter": "key"])
            case (.some, .some, .some):
                throw .invalidParams("give either 'key' and 'value' or 'values', not both", data: ["parameter": "values"])
            case (nil, nil, nil):
                throw .invalidParams("missing required parameter 'key' and 'value', or 'values'", data: ["parameter": "key"])
            }
            let changed = newValues.filter { service.application.state.set($0.0, $0.1) }.map(\.0)
            return ["changed": .array(changed.sorted().map(JSONValue.string))]
        }
    }
}
