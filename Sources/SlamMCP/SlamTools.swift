import SlamJSON
import SlamProtocol

/// The tools `slamctl mcp` and `/mcp` offer, in the order `tools/list` shows them.
public enum SlamTools {
    public static var all: [MCPTool] { [snapshot] }

    /// The top screen (or a subtree) as the accessibility snapshot.
    static let snapshot = MCPTool(
        name: "slam_snapshot", title: "Read the screen",
        description: "The top screen as an accessibility snapshot: one line per element, `- role \"name\" [states] [ref=…]`.",
        inputSchema: ["type": "object", "additionalProperties": false],
        annotations: .init(readOnly: true, idempotent: true)
    ) { _, session in
        let result = try await session.connection.call(SnapshotRequest.method, [:])
        return MCPToolResult(text: result["snapshot"]?.stringValue ?? "")
    }
}
