/// What the tools remember between calls on one session (what the agent did and verified).
public struct MCPToolState: Sendable {
    public init() {}

    // Recording tools (slam_verify, slam_flow): what this connection did and checked, in order.
    /// The `action` events the session saw (every client's: ``SessionRecording`` keeps this connection's
    /// apart once it knows its number) and the checks `slam_verify` passed, in the order they happened.
    var recording = SessionRecording()
}
