/// Why a tool call is refused before it runs: the server answers it as a JSON-RPC error.
public enum MCPToolError: Error, Equatable, Sendable {
    /// The arguments do not fit the tool's input schema (-32602); the message names the argument.
    case invalidArguments(String)
}
