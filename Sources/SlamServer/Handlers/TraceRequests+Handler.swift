import SlamJSON
import SlamProtocol
import SlamRPC

extension TraceStartRequest: HandledRequest {
    static func handle(_ request: TraceStartRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> TraceStarted {
        try service.startTrace(name: request.name, for: session)
    }
}

extension TraceStopRequest: HandledRequest {
    static func handle(_ request: TraceStopRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> TraceStopped {
        try service.stopTrace()
    }
}
