import SlamJSON

/// The MCP server without a transport: takes JSON-RPC messages, answers them through an output.
///
/// One server per agent connection (a `slamctl mcp` process, an HTTP session); it remembers the
/// protocol revision a handshake chose. Requests of the stateless revision carry theirs.
public final class MCPServer: Sendable {
    public let session: MCPSession
    public let tools: [MCPTool]

    public init(session: MCPSession, tools: [MCPTool] = SlamTools.all) {
        self.session = session
        self.tools = tools
    }

    /// Handles one incoming message and returns once it is answered (a subscription: once it ended).
    ///
    /// Cancelling the task that runs it ends a subscription (an HTTP client closed its stream).
    public func receive(_ message: JSONValue, output: some MCPOutput) async {
        // Built out with the protocol revisions, tools/call, resources and subscriptions.
    }
}
