import SlamJSON
import SlamRPC

/// `trace.stop` → `{path, records}`: ends the trace, written whole to its file.
public struct TraceStopRequest: SlamRequest {
    public typealias Result = TraceStopped
    public static let method = "trace.stop"
    public static let summary = "End the trace: the file is written whole; `records` counts its lines."
    public static var parameters: ParameterList<TraceStopRequest> { ParameterList(empty: TraceStopRequest()) }
    public static var errors: [ErrorCode] { [.traceConflict] }

    public init() {}
}
