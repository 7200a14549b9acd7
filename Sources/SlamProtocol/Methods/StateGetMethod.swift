import SlamJSON
import SlamRPC
import SlamStoryboard
import SlamUI

/// `state.get {key}` → `{key, value}`: one value of the shared state.
enum StateGetMethod {
    static let name = "state.get"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "One value of the application's shared state.",
                         parameters: [StateParameters.key(required: true)],
                         result: ["type": "object", "properties": ["key": ["type": "string"], "value": [:]]],
                         errors: [.stateKeyNotFound]) { [unowned service] call throws(ResponseError) in
            let key = try StateParameters.key(call.arguments)
            guard let value = service.application.state[key] else {
                throw ResponseError(code: .stateKeyNotFound, message: "State key not found: no key '\(key)' in the shared state", data: ["key": .string(key)])
            }
            return ["key": .string(key), "value": JSONValue(state: value)]
        }
    }
}

/// Parameters the state methods share.
enum StateParameters {
    static func key(required: Bool) -> ParameterDescriptor {
        ParameterDescriptor("key", summary: "A state key.", required: required, schema: ["type": "string", "minLength": 1])
    }

    /// The non-empty `key` parameter.
    static func key(_ arguments: Arguments) throws(ResponseError) -> String {
        let key = try arguments.string("key")
        guard !key.isEmpty else { throw .invalidParams("key: must not be empty", data: ["parameter": "key"]) }
        return key
    }
}
