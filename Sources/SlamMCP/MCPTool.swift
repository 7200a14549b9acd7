import SlamJSON

/// One tool the MCP server offers an agent: its name, what the agent reads about it, its
/// schemas and what runs it.
///
/// `tools/list` shows tools in the order of ``SlamTools/all``, always the same.
public struct MCPTool: Sendable {
    /// Runs the tool with the call's arguments on a session.
    ///
    /// A mistake the agent can correct (an unknown target, a covered screen, a timeout) is a result
    /// with ``MCPToolResult/isError`` and a hint; arguments that do not fit the input schema throw
    /// ``MCPToolError/invalidArguments(_:)`` (JSON-RPC -32602). Anything else thrown is an internal error.
    public typealias Run = @Sendable (_ arguments: JSONValue.Object, _ session: MCPSession) async throws -> MCPToolResult

    /// The hints MCP clients show or act on (a read-only tool may run without asking).
    public struct Annotations: Sendable, Hashable {
        public var readOnly: Bool
        public var destructive: Bool
        public var idempotent: Bool

        public init(readOnly: Bool = false, destructive: Bool = false, idempotent: Bool = false) {
            self.readOnly = readOnly
            self.destructive = destructive
            self.idempotent = idempotent
        }
    }

    public let name: String
    /// A short human title (clients show it in menus).
    public let title: String
    /// What the agent reads to choose the tool: what it does and what it answers.
    public let description: String
    /// A JSON Schema (2020-12) object schema for the arguments.
    public let inputSchema: JSONValue
    /// A JSON Schema for ``MCPToolResult/structured``, when the tool gives structured content.
    public let outputSchema: JSONValue?
    public let annotations: Annotations
    public let run: Run

    public init(name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue? = nil,
                annotations: Annotations = Annotations(), run: @escaping Run) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.annotations = annotations
        self.run = run
    }
}
