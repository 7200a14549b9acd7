import SlamJSON
import SlamProtocol

/// The tools `slamctl mcp` and `/mcp` offer, in the order `tools/list` shows them (always the same).
public enum SlamTools {
    /// Reading the screen and acting on it first, then what turns a session into a test.
    public static var all: [MCPTool] { screenTools + recordingTools }

    /// Reading, acting, waiting, navigating, state (`SlamTools+Screen.swift`).
    static var screenTools: [MCPTool] { [snapshot] }

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
