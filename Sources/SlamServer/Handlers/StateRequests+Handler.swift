import SlamJSON
import SlamProtocol
import SlamRPC
import SlamSuggestions
import SlamUI
import SlamUIJSON

extension StateGetRequest: HandledRequest {
    static func handle(_ request: StateGetRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> StateEntry {
        guard !request.key.isEmpty else { throw .invalidParams("key: must not be empty", data: ["parameter": "key"]) }
        guard let value = service.application.state[request.key] else {
            // As -32601 does for methods: the nearest keys in the message and in data.suggestions, when any is near.
            let suggestions = NameSuggestions.nearest(to: request.key, in: service.application.state.keys)
            var message = "\(ErrorCode.stateKeyNotFound.slamName): no key '\(request.key)' in the shared state"
            var data: JSONValue.Object = ["key": .string(request.key)]
            if !suggestions.isEmpty {
                message += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
                data["suggestions"] = .array(suggestions.map(JSONValue.string))
            }
            throw ResponseError(code: .stateKeyNotFound, message: message, data: .object(data))
        }
        return StateEntry(key: request.key, value: JSONValue(state: value))
    }
}

extension StateListRequest: HandledRequest {
    static func handle(_ request: StateListRequest, service: SlamService, session: ClientSession) -> StateValues {
        StateValues(values: service.stateValues(service.application.state.keys))
    }
}

extension StateSetRequest: HandledRequest {
    static func handle(_ request: StateSetRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> StateChanges {
        var newValues: [(String, StateValue)] = []
        switch (request.key, request.value, request.values) {
        case (let key?, let value?, nil):
            guard !key.isEmpty else { throw .invalidParams("key: must not be empty", data: ["parameter": "key"]) }
            newValues = [(key, StateValue(json: value))]
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
        return StateChanges(changed: changed.sorted())
    }
}

extension SubscribeRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: SubscribeRequest, service: SlamService, session: ClientSession) -> Subscriptions {
        session.subscriptions.formUnion(request.events)
        return session.subscriptionList
    }
}

extension UnsubscribeRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: UnsubscribeRequest, service: SlamService, session: ClientSession) -> Subscriptions {
        if let events = request.events {
            session.subscriptions.subtract(events)
        } else {
            session.subscriptions.removeAll()
        }
        return session.subscriptionList
    }
}

extension ClientSession {
    /// This connection's subscriptions, in the protocol's order, and its number.
    var subscriptionList: Subscriptions {
        Subscriptions(subscribed: EventKind.allCases.filter(subscriptions.contains).map(\.rawValue), client: identifier)
    }
}
