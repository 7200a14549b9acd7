import SlamJSON

/// What a tool answers: text for the agent to read, optionally structured content that
/// matches the tool's output schema, and whether it reports a mistake the agent can correct.
public struct MCPToolResult: Sendable, Hashable {
    /// The text block the agent reads (markdown sections, as short as the answer allows).
    public var text: String
    /// Structured content (the server leaves it out for protocol revisions without it).
    public var structured: JSONValue?
    /// True when the call failed in a way the agent can correct; ``text`` says how.
    public var isError: Bool

    public init(text: String, structured: JSONValue? = nil, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    /// A failure the agent can correct: what went wrong and what to do next.
    public static func failure(_ text: String, structured: JSONValue? = nil) -> MCPToolResult {
        MCPToolResult(text: text, structured: structured, isError: true)
    }
}
