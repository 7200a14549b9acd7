import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol

extension SlamTools {
    /// What this session did and verified, as a flow `slamctl run` replays.
    static let flow: MCPTool = MCPTool(
        name: "slam_flow", title: "The session as a flow",
        description: """
            The steps this session took (its presses, text, keys, tasks, resets, with robust locators) and the checks \
            slam_verify passed, as a flow file that `slamctl run FILE` replays: exploration becomes a regression test. \
            With filename, writes it there and answers the path and the step count; else answers the flow.
            """,
        inputSchema: ToolSchema.object([
            .own("name", "The flow's name (default: the file's name, else \"session\").", schema: ["type": "string", "minLength": 1]),
            .own("filename", "Where to write the flow (relative to the server's working directory); without it the flow is answered.",
                 schema: ["type": "string", "minLength": 1]),
        ]),
        outputSchema: ["type": "object", "required": ["name", "steps"], "additionalProperties": false, "properties": [
            "name": ["type": "string", "description": "The flow's name."],
            "steps": ["type": "integer", "minimum": 0, "description": "How many steps the flow has."],
            "path": ["type": "string", "description": "The file written, when a filename was given."],
        ]]
    ) { arguments, session in
        let given = try ToolArguments(arguments, for: flow.inputSchema)
        let filename = try given.string("filename"), requestedName = try given.string("name")
        if filename == "" { throw MCPToolError.invalidArguments("'filename' must not be empty") }
        let fileName = filename.flatMap { $0.split(separator: "/").last.map(String.init) }
        let name = requestedName ?? fileName.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : $0 } ?? "session"
        try await session.settle()
        guard let client = session.clientNumber else { throw ClientError.protocolViolation("the session has not subscribed (start() was not called)") }
        let recorder = session.toolState.withLock { $0.recording.flow(named: name, client: client) }
        guard !recorder.steps.isEmpty else {
            return .failure("Error: this session has taken no steps yet.\nNext: act with slam_press, slam_type or slam_reset, "
                            + "check with slam_verify, then ask for the flow again.")
        }
        guard let filename else {
            return MCPToolResult(text: recorder.fileText, structured: ["name": .string(name), "steps": .integer(Int64(recorder.steps.count))])
        }
        let path = SnapshotFile.absolutePath(filename)
        if let problem = SnapshotFile.write(recorder.fileText, to: path) {
            return .failure("Error: cannot write \(path): \(problem).\nNext: give a filename in a directory the server can write to.")
        }
        let count = recorder.steps.count
        return MCPToolResult(text: "Wrote flow \"\(name)\" (\(count) step\(count == 1 ? "" : "s")) to \(path); replay it with `slamctl run \(path)`.",
                             structured: ["name": .string(name), "steps": .integer(Int64(count)), "path": .string(path)])
    }
}
