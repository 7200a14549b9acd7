import SlamClient
import SlamConsole
import SlamJSON
import SlamProtocol
import SlamRPC

/// The tools that turn a session into a test: checks, locators, the session as a flow, traces.
extension SlamTools {
    /// Verifying, locators, the session as a flow, traces, in the order `tools/list` shows them.
    static var recordingTools: [MCPTool] { [verify, generateLocator, flow, traceStart, traceStop] }

    /// The locator a test should use for an element: the daemon's `locator`, as its recorder writes it.
    static let generateLocator: MCPTool = MCPTool(
        name: "slam_generate_locator", title: "Locator for an element",
        description: """
            The most robust locator for an element, the one Slam's recorder writes (slam_flow's steps name it so), \
            as JSON to paste into any tool's `target` or a flow step: {"role", "name"} when they find it alone and \
            the name cannot change, else its ref, else {"type", "text"}. \
            Answers the locator, then a flow step that presses (or fills) the element with it.
            """,
        inputSchema: ToolSchema.object([.target]),
        outputSchema: ["type": "object", "required": ["locator", "step"], "additionalProperties": false, "properties": [
            "locator": ["description": "The locator, as `target` and flow steps take it (a ref string or a locator object)."],
            "step": ["type": "object", "description": "A flow step that acts on the element with the locator."],
        ]],
        annotations: .init(readOnly: true, idempotent: true)
    ) { arguments, session in
        let target = try ToolArguments(arguments, for: generateLocator.inputSchema).requiredTarget()
        do throws(ClientError) {
            let locator = try await session.robustLocator(of: target)
            let element = try await session.connection.call(FindRequest.method, ["ref": locator.parameterJSON])
            let fills = MCPSession.typedTextTypes.contains(element["type"]?.stringValue ?? "")
            let step: JSONValue = fills
                ? ["text": locator.parameterJSON, "value": element["text"] ?? ""]
                : ["press": locator.parameterJSON]
            return MCPToolResult(text: "\(locator.parameterJSON)\nFlow step: \(step)",
                                 structured: ["locator": locator.parameterJSON, "step": step])
        } catch {
            return try SlamErrorHint.result(for: error)
        }
    }

    /// `trace.start`: a trace of every client's requests and screens, in the daemon's trace directory.
    static let traceStart: MCPTool = MCPTool(
        name: "slam_trace_start", title: "Start a trace",
        description: """
            Start writing a trace (JSON Lines) of every client's requests, replies and notifications, with the \
            screen after each change, in the daemon's trace directory, until slam_trace_stop. Answers the file's path.
            """,
        inputSchema: ToolSchema.object([.from(TraceStartRequest.self, "name")]),
        outputSchema: TraceStarted.outputSchema
    ) { arguments, session in
        let name = try ToolArguments(arguments, for: traceStart.inputSchema).string("name")
        do throws(ClientError) {
            let started = try await session.connection.send(TraceStartRequest(name: name))
            return MCPToolResult(text: "Tracing to \(started.path).", structured: started.structuredContent)
        } catch {
            return try traceFailure(error, next: "stop the trace that is running with slam_trace_stop, or give another name")
        }
    }

    /// `trace.stop`: the trace written whole.
    static let traceStop: MCPTool = MCPTool(
        name: "slam_trace_stop", title: "Stop the trace",
        description: "End the trace slam_trace_start began: the file is written whole. Answers its path and how many records it holds.",
        inputSchema: ToolSchema.object([]),
        outputSchema: TraceStopped.outputSchema
    ) { arguments, session in
        _ = try ToolArguments(arguments, for: traceStop.inputSchema)
        do throws(ClientError) {
            let stopped = try await session.connection.send(TraceStopRequest())
            return MCPToolResult(text: "Trace written to \(stopped.path) (\(stopped.records) records).", structured: stopped.structuredContent)
        } catch {
            return try traceFailure(error, next: "start one with slam_trace_start")
        }
    }

    /// A trace that is running already, or none to stop, is the agent's to correct; anything else as every tool answers it.
    private static func traceFailure(_ error: ClientError, next: String) throws -> MCPToolResult {
        guard case .server(let refusal) = error, refusal.code == .traceConflict else { return try SlamErrorHint.result(for: error) }
        return .failure("Error: \(refusal.message)\nNext: \(next).")
    }
}
