import SlamRPC

/// `unsubscribe {events?}` → the events still subscribed (all are removed without `events`).
enum UnsubscribeMethod {
    static let name = "unsubscribe"

    static func descriptor(_ service: SlamService) -> MethodDescriptor<ClientSession> {
        var events = SubscribeMethod.eventsParameter
        events.isRequired = false
        events.summary += " Default: all."
        return MethodDescriptor(name, summary: "Stops notifications of these events (default: all) on this connection.",
                                parameters: [events],
                                result: ["$ref": "#/components/schemas/Subscriptions"]) { call throws(ResponseError) in
            if call.arguments["events"] == nil {
                call.context.subscriptions.removeAll()
            } else {
                call.context.subscriptions.subtract(try SubscribeMethod.events(call.arguments["events"]))
            }
            return SubscribeMethod.subscriptionsJSON(call.context)
        }
    }
}
