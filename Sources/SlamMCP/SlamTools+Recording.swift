import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol
import SlamRPC

/// The tools that turn a session into a test: checks, locators, the session as a flow, traces.
extension SlamTools {
    /// Verifying, locators, the session as a flow, traces, in the order `tools/list` shows them.
    static var recordingTools: [MCPTool] { [verify, generateLocator, flow, traceStart, traceStop] }

    /// The locator a test should use for an element, as the recorder writes it.
    static let generateLocator = MCPTool(
        name: "slam_generate_locator", title: "Locator for an element",
        description: """
            The most robust locator for an element, as JSON to paste into any tool's `target` or a flow step: \
            {"role", "name"} when they find it alone, else its ref, else {"type", "text"}. \
            Answers the locator, then a flow step that presses (or fills) the element with it.
            """,
        inputSchema: ToolInputSchema.object([.init("target", from: PressRequest.self, parameter: "ref")]),
        outputSchema: ["type": "object", "required": ["locator", "step"], "additionalProperties": false, "properties": [
            "locator": ["description": "The locator, as `target` and flow steps take it (a ref string or a locator object)."],
            "step": ["type": "object", "description": "A flow step that acts on the element with the locator."],
        ]],
        annotations: .init(readOnly: true, idempotent: true)
    ) { arguments, session in
        let target = try RecordingArguments(arguments, allowed: ["target"], tool: "slam_generate_locator").target()
        do {
            let locator = try await session.robustLocator(of: target)
            let element = try await session.connection.call(FindRequest.method, ["ref": locator.parameterJSON])
            let fills = ["TextField", "TextView"].contains(element["type"]?.stringValue ?? "")
            let step: JSONValue = fills
                ? ["text": locator.parameterJSON, "value": element["text"] ?? ""]
                : ["press": locator.parameterJSON]
            return MCPToolResult(text: "\(locator.parameterJSON)\nFlow step: \(step)",
                                 structured: ["locator": locator.parameterJSON, "step": step])
        } catch {
            return try correctableFailure(error, next: "take a snapshot with slam_snapshot and pass a ref from it as target")
        }
    }

    /// `trace.start`: a trace of every client's requests and screens, in the daemon's trace directory.
    static let traceStart = MCPTool(
        name: "slam_trace_start", title: "Start a trace",
        description: """
            Start writing a trace (JSON Lines) of every client's requests, replies and notifications, with the \
            screen after each change, in the daemon's trace directory, until slam_trace_stop. Answers the file's path.
            """,
        inputSchema: ToolInputSchema.object([.init("name", from: TraceStartRequest.self)]),
        outputSchema: TraceStarted.objectSchema
    ) { arguments, session in
        let name = try RecordingArguments(arguments, allowed: ["name"], tool: "slam_trace_start").string("name")
        do {
            let started = try await session.connection.send(TraceStartRequest(name: name))
            return MCPToolResult(text: "Tracing to \(started.path).", structured: ["path": .string(started.path)])
        } catch {
            return try correctableFailure(error, next: "stop the trace that is running with slam_trace_stop, or give another name")
        }
    }

    /// `trace.stop`: the trace written whole.
    static let traceStop = MCPTool(
        name: "slam_trace_stop", title: "Stop the trace",
        description: "End the trace slam_trace_start began: the file is written whole. Answers its path and how many records it holds.",
        inputSchema: ToolInputSchema.object([]),
        outputSchema: TraceStopped.objectSchema
    ) { arguments, session in
        _ = try RecordingArguments(arguments, allowed: [], tool: "slam_trace_stop")
        do {
            let stopped = try await session.connection.send(TraceStopRequest())
            return MCPToolResult(text: "Trace written to \(stopped.path) (\(stopped.records) records).",
                                 structured: ["path": .string(stopped.path), "records": .integer(Int64(stopped.records))])
        } catch {
            return try correctableFailure(error, next: "start one with slam_trace_start")
        }
    }

    /// Slam errors an agent can correct, answered as a failure that says what to do `next`; parameters Slam
    /// refused are the call's arguments at fault (-32602); anything else (a lost connection) is thrown.
    static func correctableFailure(_ error: any Error, next: String) throws -> MCPToolResult {
        guard case .server(let refusal)? = error as? ClientError else { throw error }
        if refusal.code == .invalidParams { throw MCPToolError.invalidArguments(refusal.message) }
        guard correctableCodes.contains(refusal.code) else { throw error }
        return .failure("Error: \(refusal.message)\nNext: \(next).")
    }

    /// The Slam errors a different call can get past (a ref from a fresh snapshot, a wait, the alert answered first).
    static let correctableCodes: Set<ErrorCode> = [
        .elementNotFound, .ambiguousLocator, .elementNotInteractive, .elementDisabled, .elementHidden, .elementCovered,
        .waitTimedOut, .navigationRefused, .taskFailed, .controllerNotFound, .taskNotFound, .stateKeyNotFound, .traceConflict,
    ]
}
