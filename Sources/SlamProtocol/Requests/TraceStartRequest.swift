import SlamJSON
import SlamRPC

/// `trace.start {path?}` → `{path}`: the daemon begins writing a trace (JSON Lines)
/// of every request, reply and notification of every client, with the screen after
/// each change, until `trace.stop` (or a shutdown). Protocol/README.md, "Traces",
/// describes the file record by record.
public struct TraceStartRequest: SlamRequest {
    public typealias Result = TraceStarted
    public static let method = "trace.start"
    public static let summary = "Begin writing a trace of every client's requests, replies and notifications, with the screen after each change (JSON Lines)."
    public static let parameters = ParameterList(empty: TraceStartRequest(), [
        .optional("path", \.path, summary: "An absolute path for the trace file (created 0600, replaced if it exists); default: a new file beside the socket.",
                  schema: { ["type": "string", "minLength": 1] }),
    ])
    public static var resultSchema: JSONValue { TraceStarted.schema }
    public static var errors: [ErrorCode] { [.traceConflict] }

    public var path: String?

    public init(path: String? = nil) {
        self.path = path
    }
}
