import SlamJSON
import SlamRPC
import SlamStoryboard

/// `state.list` → `{values}`: the whole shared state, keys sorted.
enum StateListMethod {
    static let name = "state.list"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Every key of the application's shared state with its value, keys sorted.",
                         parameters: [],
                         result: ["type": "object", "properties": ["values": ["type": "object"]]],
                         errors: []) { [unowned service] _ throws(ResponseError) in
            let state = service.application.state
            return ["values": .object(JSONValue.Object(uniqueKeysWithValues: state.keys.map { ($0, JSONValue(state: state[$0]!)) }))]
        }
    }
}
