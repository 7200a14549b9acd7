import SlamJSON
import SlamRPC

/// `trace.start {name?}` → `{path}`: the daemon begins writing a trace (JSON Lines)
/// of every request, reply and notification of every client, with the screen after
/// each change, until `trace.stop` (or a shutdown). The file is always a new one in
/// the daemon's trace directory (`slamd --trace-dir`): `name` is a plain file name
/// there, never a path. Protocol/README.md, "Traces", describes the file record by record.
public struct TraceStartRequest: SlamRequest {
    public typealias Result = TraceStarted
    public static let method = "trace.start"
    public static let summary = "Begin writing a trace of every client's requests, replies and notifications, with the screen after each change (JSON Lines), to a new file in the daemon's trace directory."
    /// The longest `name`, in UTF-8 bytes (file systems take 255).
    public static let maximumNameBytes = 200
    public static let parameters = ParameterList(empty: TraceStartRequest(), [
        .optional("name", \.name,
                  summary: "A file name for the trace in the daemon's trace directory (no '/', not starting with '.', at most \(maximumNameBytes) bytes); it must not exist. Default: <socket name>-trace-<UTC date and time>.jsonl.",
                  schema: { ["type": "string", "minLength": 1] }),
    ], retired: ["path": "slamd writes traces only in its trace directory (slamd --trace-dir); give a file name there as 'name', or none"])
    public static var errors: [ErrorCode] { [.traceConflict] }

    public var name: String?

    public init(name: String? = nil) {
        self.name = name
    }

    /// Why `name` cannot name a trace file, or nil when it can: a plain name in one directory,
    /// so a client can neither leave the trace directory nor hide a file in it.
    public static func problem(withName name: String) -> String? {
        let bytes = name.utf8.count
        if bytes == 0 { return "it is empty" }
        if bytes > maximumNameBytes { return "it is \(bytes) bytes long, more than \(maximumNameBytes)" }
        if name.utf8.contains(0) { return "it contains a NUL character" }
        if name.utf8.contains(UInt8(ascii: "/")) { return "it contains '/': it must be a file name, not a path" }
        if name.hasPrefix(".") { return "it starts with '.'" }
        return nil
    }
}
