import SlamProtocol
import SlamJSON

/// `slamctl trace show`: a trace as numbered steps a person reads, one line each:
///
/// ```
///   3  +120.4 ms  client 2  press increment → Label count "Count: 1"; ProgressView progress 10% · Home
/// ```
///
/// The step's number, its time since the trace began, the client, the method with its
/// main parameters, what came of it (the error, the screens shown, the elements that
/// changed, or `ok`) and the screen on top after it.
public struct TraceFormatter: Sendable {
    public let snapshots: SnapshotFormatter
    /// Changed elements listed per step before "+N more".
    public var changesShown = 3

    public init(style: ConsoleStyle) {
        snapshots = SnapshotFormatter(style: style)
    }

    /// Every line: a heading, the start, one per step.
    public func lines(_ trace: Trace, path: String) -> [String] {
        let style = snapshots.style
        let header = trace.header
        let clients = trace.clients.count
        var heading = "trace \(path): slamd \(header["serverVersion"]?.stringValue ?? "?")"
        if let started = header["started"]?.stringValue { heading += ", started \(started)" }
        heading += ", \(trace.steps.count) step\(trace.steps.count == 1 ? "" : "s") by \(clients) client\(clients == 1 ? "" : "s")"
        heading += " over \(Self.milliseconds(trace.duration))"
        heading += trace.endReason.map { $0 == "stop" ? "" : " (ended: \($0))" } ?? " (no end record: still being written, or cut short)"
        let width = String(trace.steps.count).count
        let times = trace.steps.map { "+" + Self.milliseconds($0.time) }
        let timeWidth = max(times.map(\.count).max() ?? 0, ("+" + Self.milliseconds(trace.initialTime)).count)
        var lines = [style.bold(heading)]
        lines.append("  \(Self.padded("0", width))  \(Self.padded("+" + Self.milliseconds(trace.initialTime), timeWidth))"
                     + "  \(style.dim("start")) · \(trace.initialTop ?? "no screen")")
        for (step, time) in zip(trace.steps, times) {
            lines.append("  \(Self.padded(String(step.number), width))  \(Self.padded(time, timeWidth))  \(line(step))")
        }
        return lines
    }

    /// `client 2  press increment → … · Home`; a request the daemon sent: `slamd → client 1  task.run greet Ada → ok · Home`.
    public func line(_ step: Trace.Step) -> String {
        let who = step.isSentByDaemon ? "slamd → client \(step.client)" : "client \(step.client)"
        return "\(who)  \(call(step)) → \(outcome(step)) · \(step.top ?? "no screen")"
    }

    /// The method and its main parameters: `press volume increment`, `setText name "Ada"`, `runTask push Settings`.
    public func call(_ step: Trace.Step) -> String {
        let style = snapshots.style
        guard let method = step.method else {
            return style.red("(unreadable)") + (step.text.map { " " + Self.shortened(Self.quoted($0)) } ?? "")
        }
        let params = step.params?.objectValue
        var words = [style.bold(method)]
        func add(_ name: String, quoted: Bool = false) {
            guard let value = params?[name], value != .null else { return }
            let text = if case .string(let text) = value { quoted ? Self.quoted(text) : text } else { value.description }
            words.append(Self.shortened(text, limit: 60))
        }
        switch method {
        case "press", "find", "tree", "focus", "updateUI", "resetUI":
            add("ref"); add("value")
        case "setText", "typeText":
            add("ref"); add("text", quoted: true)
        case "runTask":
            add("name"); add("param")
        case "task.run":
            add("name"); add("param"); add("ref")
        case "key":
            add("key")
        case "waitFor":
            add("ref"); add("state"); add("property"); add("equals", quoted: true)
        case "state.get":
            add("key")
        case "state.set":
            if let key = params?["key"]?.stringValue {
                words.append("\(key) = \(Self.shortened(params?["value"]?.description ?? "null", limit: 60))")
            } else {
                add("values")
            }
        case "subscribe", "unsubscribe":
            if let events = params?["events"]?.arrayValue { words.append(events.compactMap(\.stringValue).joined(separator: " ")) }
        case "trace.start":
            add("name")
        default:
            if let params = step.params, params != [:], params != [] { words.append(Self.shortened(params.description, limit: 60)) }
        }
        if let controller = params?["controller"]?.stringValue { words.append(style.dim("(\(controller))")) }
        return words.joined(separator: " ")
    }

    /// What came of the step: its error, the screens it showed, what changed, or `ok`.
    public func outcome(_ step: Trace.Step) -> String {
        let style = snapshots.style
        if let reason = step.unreadable { return style.red("unreadable: \(reason)") }
        if let error = step.error { return style.red("error \(error.code): \(Self.shortened(error.message))") }
        guard step.isAnswered || step.id == nil else { return style.yellow("no reply") }
        var parts: [String] = []
        if !step.shown.isEmpty { parts.append("shows \(step.shown.joined(separator: ", "))") } else if step.wentBack { parts.append("back") }
        let changes = step.changes.prefix(changesShown).map(snapshots.line)
        parts += changes
        if step.changes.count > changesShown { parts.append(style.dim("+\(step.changes.count - changesShown) more")) }
        if parts.isEmpty { return step.id == nil ? style.dim("(notification)") : style.green("ok") }
        return parts.joined(separator: "; ")
    }

    /// `4.1 ms`, `120 ms`, `2.50 s`.
    static func milliseconds(_ value: Double) -> String {
        if value >= 10_000 { return "\((value / 10).rounded() / 100) s" }
        if value >= 100 { return "\(Int(value.rounded())) ms" }
        return "\((value * 10).rounded() / 10) ms"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).description
    }

    private static func shortened(_ text: String, limit: Int = 120) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
