import Glibc
import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol

extension SlamTools {
    /// What this session did and verified, as a flow `slamctl run` replays.
    static let flow = MCPTool(
        name: "slam_flow", title: "The session as a flow",
        description: """
            The steps this session took (its presses, text, keys, tasks, resets, with robust locators) and the checks \
            slam_verify passed, as a flow file that `slamctl run FILE` replays: exploration becomes a regression test. \
            With filename, writes it there and answers the path and the step count; else answers the flow.
            """,
        inputSchema: ToolInputSchema.object([
            .init("name", schema: ["type": "string", "minLength": 1], summary: "The flow's name (default: the file's name, else \"session\")."),
            .init("filename", schema: ["type": "string", "minLength": 1],
                  summary: "Where to write the flow (relative to the server's working directory); without it the flow is answered."),
        ]),
        outputSchema: ["type": "object", "required": ["name", "steps"], "additionalProperties": false, "properties": [
            "name": ["type": "string", "description": "The flow's name."],
            "steps": ["type": "integer", "minimum": 0, "description": "How many steps the flow has."],
            "path": ["type": "string", "description": "The file written, when a filename was given."],
        ]]
    ) { arguments, session in
        let given = try RecordingArguments(arguments, allowed: ["name", "filename"], tool: "slam_flow")
        let filename = try given.string("filename"), requestedName = try given.string("name")
        if filename == "" { throw MCPToolError.invalidArguments("'filename' must not be empty") }
        let fileName = filename.flatMap { $0.split(separator: "/").last.map(String.init) }
        let name = requestedName ?? fileName.map { $0.hasSuffix(".json") ? String($0.dropLast(5)) : $0 } ?? "session"
        try await session.catchUp()
        let client = try await session.clientNumber()
        let recorder = session.toolState.withLock { $0.recording.flow(named: name, client: client) }
        guard !recorder.steps.isEmpty else {
            return .failure("Error: this session has taken no steps yet.\nNext: act with slam_press, slam_type or slam_reset, "
                            + "check with slam_verify, then ask for the flow again.")
        }
        guard let filename else {
            return MCPToolResult(text: recorder.fileText, structured: ["name": .string(name), "steps": .integer(Int64(recorder.steps.count))])
        }
        let path = absolutePath(filename)
        if let problem = write(recorder.fileText, to: path) {
            return .failure("Error: cannot write \(path): \(problem).\nNext: give a filename in a directory the server can write to.")
        }
        let count = recorder.steps.count
        return MCPToolResult(text: "Wrote flow \"\(name)\" (\(count) step\(count == 1 ? "" : "s")) to \(path); replay it with `slamctl run \(path)`.",
                             structured: ["name": .string(name), "steps": .integer(Int64(count)), "path": .string(path)])
    }

    /// `path` from the server's working directory when it is relative.
    static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// Writes `text` beside `path`, then renames it into place (a reader never sees half a flow);
    /// returns why it could not, or nil.
    static func write(_ text: String, to path: String) -> String? {
        let temporary = path + ".writing"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                return reason
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        return nil
    }
}
