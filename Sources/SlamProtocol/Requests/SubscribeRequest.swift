import SlamJSON
import SlamRPC

/// `subscribe {events}` → the events this connection now receives.
public struct SubscribeRequest: SlamRequest {
    public typealias Result = Subscriptions
    public static let method = "subscribe"
    public static let summary = "Starts notifications of these events on this connection; they never arrive before the reply to the request that caused them."
    public static let parameters = ParameterList(empty: SubscribeRequest(events: []), [
        .required("events", \.events, summary: "Event names: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    ])

    public var events: [EventKind]

    public init(events: [EventKind]) {
        self.events = events
    }
}
