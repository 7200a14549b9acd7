import SlamJSON
import SlamRPC

/// `subscribe {events}` → the events this connection now receives.
enum SubscribeMethod {
    static let name = "subscribe"

    static var eventsParameter: ParameterDescriptor {
        ParameterDescriptor(
            "events", summary: "Event names: changed, navigated, taskRan, openURL, stateChanged, log.", required: true,
            schema: ["type": "array", "items": ["enum": .array(EventKind.allCases.map { .string($0.rawValue) })]])
    }

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(name, summary: "Starts notifications of these events on this connection; they never arrive before the reply to the request that caused them.",
                         parameters: [eventsParameter],
                         result: ["$ref": "#/components/schemas/Subscriptions"]) { call throws(ResponseError) in
            call.context.subscriptions.formUnion(try events(call.arguments["events"]))
            return subscriptionsJSON(call.context)
        }
    }

    static func events(_ value: JSONValue?) throws(ResponseError) -> [EventKind] {
        guard case .array(let names)? = value else {
            throw .invalidParams("events: must be an array of event names", data: ["parameter": "events"])
        }
        var kinds: [EventKind] = []
        for (index, name) in names.enumerated() {
            guard let text = name.stringValue, let kind = EventKind(rawValue: text) else {
                throw .invalidParams("events[\(index)]: unknown event \(name); known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", "))",
                                     data: ["parameter": "events"])
            }
            kinds.append(kind)
        }
        return kinds
    }

    static func subscriptionsJSON(_ session: ClientSession) -> JSONValue {
        ["subscribed": .array(EventKind.allCases.filter(session.subscriptions.contains).map { .string($0.rawValue) })]
    }
}
