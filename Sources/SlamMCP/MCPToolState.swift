/// What the tools remember between calls on one session (what the agent did and verified).
public struct MCPToolState: Sendable {
    public init() {}
}
