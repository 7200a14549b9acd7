import SlamClient
import SlamConsole
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `trace start|stop|show`: the daemon's traces, and reading one as steps.
    static let traceCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "trace", "Record every client's calls and screens to a file (start, stop), or print one as steps (show).",
            discussion: """
                trace start [NAME]   the daemon writes a trace of every client's requests, replies and
                                     notifications, and the screen after each change, to a new file
                                     in its trace directory (slamd --trace-dir; default
                                     ~/.local/state/slam/traces): NAME, a plain file name that must
                                     not exist yet, or one it makes; prints the file's path
                trace stop           ends the trace; prints its path and how many records it holds
                trace show FILE      prints a trace as numbered steps: time since the start, client,
                                     method and main parameters, what came of it (the error, the
                                     screens shown, the elements that changed) and the screen on top
                                     after it. Reads the file only: no daemon needed.
                The browser page's inspector opens the same file and shows the screen at every step.
                  slamctl trace start session.jsonl; slamctl press increment; slamctl trace stop
                  slamctl trace show ~/.local/state/slam/traces/session.jsonl
                """,
            arguments: [.init("action", help: "start, stop or show.", valueKind: .oneOf(["start", "stop", "show"])),
                        .init("file", help: "start: a file name in the daemon's trace directory (default: one it makes); show: the file to read.",
                              isOptional: true)]
        ) { invocation in
            let path = invocation.line.argument("file")
            switch invocation.argument("action") {
            case "start":
                let started = try invocation.connect().traceStart(name: path)
                invocation.output(["path": .string(started)]) { started }
            case "stop":
                if path != nil { throw UsageError("trace stop takes no FILE", command: invocation.line.command) }
                let stopped = try invocation.connect().traceStop()
                invocation.output(["path": .string(stopped.path), "records": .integer(Int64(stopped.records))]) {
                    "\(stopped.path) (\(stopped.records) records)"
                }
            case "show":
                guard let path else { throw UsageError("trace show needs the FILE to read", command: invocation.line.command) }
                try showTrace(path, invocation: invocation)
            case let other:
                throw UsageError("ACTION must be start, stop or show, not '\(other)'", command: invocation.line.command)
            }
        },
    ]

    /// Prints a trace file's steps (`--json`: one object per step, a line each).
    private static func showTrace(_ path: String, invocation: Invocation) throws {
        guard let bytes = readFile(path) else {
            throw CommandFailed(description: "cannot read \(path): \(Output.systemMessage(errno))")
        }
        let trace: Trace
        do {
            trace = try Trace(text: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw CommandFailed(description: "\(path): \(error)")
        }
        if invocation.json {
            for step in trace.steps { Output.line(stepJSON(step).description) }
            return
        }
        let formatter = TraceFormatter(style: invocation.style)
        for line in formatter.lines(trace, path: path) { Output.line(line) }
    }

    /// A step as JSON, for `trace show --json`.
    static func stepJSON(_ step: Trace.Step) -> JSONValue {
        var object: JSONValue.Object = ["step": .integer(Int64(step.number)), "t": .double(step.time),
                                        "client": .integer(Int64(step.client)),
                                        "method": step.method.map(JSONValue.string) ?? .null]
        if step.isSentByDaemon { object["sentByDaemon"] = true }
        if let params = step.params { object["params"] = params }
        if let id = step.id { object["id"] = id }
        if let unreadable = step.unreadable { object["unreadable"] = .string(unreadable) }
        if let result = step.result { object["result"] = result }
        if let error = step.error { object["error"] = ["code": .integer(error.code), "message": .string(error.message)] }
        object["changes"] = .array(step.changes.map(\.json))
        object["shown"] = .array(step.shown.map(JSONValue.string))
        object["top"] = step.top.map(JSONValue.string) ?? .null
        return .object(object)
    }
}
