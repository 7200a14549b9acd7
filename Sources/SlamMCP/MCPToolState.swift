/// What the tools remember between calls on one session (what the agent did and verified).
public struct MCPToolState: Sendable {
    // Screen tools.
    /// How long an action waits for its element to be visible, enabled and uncovered: the clients' default.
    public var actionTimeoutMilliseconds = 5_000
    /// The line of each element the agent has read (a snapshot, an answer), by reference: an answer
    /// leaves out an element that changed back to what the agent saw.
    var shownLines: [String: String] = [:]
    /// The lines of each screen as the agent last read them whole, by screen: coming back to a screen
    /// answers only what differs from them.
    var shownScreens: [String: [String]] = [:]

    public init() {}

    // Recording tools (slam_verify, slam_flow): what this connection did and checked, in order.
    /// The `action` events the session saw (every client's: ``SessionRecording`` keeps this connection's
    /// apart once it knows its number) and the checks `slam_verify` passed, in the order they happened.
    var recording = SessionRecording()
}
