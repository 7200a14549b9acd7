import SlamJSON
import SlamProtocol

/// The tools `slamctl mcp` and `/mcp` offer, in the order `tools/list` shows them (always the same).
public enum SlamTools {
    /// Reading the screen and acting on it first, then what turns a session into a test.
    public static var all: [MCPTool] { screenTools + recordingTools }
}
