import SlamJSON
import SlamRPC

/// `unsubscribe {events?}` → the events still subscribed (all are removed without `events`).
public struct UnsubscribeRequest: SlamRequest {
    public typealias Result = Subscriptions
    public static let method = "unsubscribe"
    public static let summary = "Stops notifications of these events (default: all) on this connection."
    public static let parameters = ParameterList(empty: UnsubscribeRequest(), [
        .optional("events", \.events, summary: "Event names: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")). Default: all.")
    ])

    /// Nil: every event.
    public var events: [EventKind]?

    public init(events: [EventKind]? = nil) {
        self.events = events
    }
}
