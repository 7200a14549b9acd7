import SlamJSON
import SlamProtocol
import SlamRPC

/// A request the server answers at once: how it maps onto the hosted application.
///
/// `Output` is what the server writes, which the type system holds to the
/// request's declared `Result` (a snapshot may be written straight from an element).
protocol HandledRequest: SlamRequest {
    associatedtype Output: JSONEncoding where Output.Value == Result
    static func handle(_ request: Self, service: SlamService, session: ClientSession) throws(ResponseError) -> Output
    /// Whether a connection whose instance was closed may still send it (else it gets -32019).
    static var answersOnClosedInstance: Bool { get }
}

extension HandledRequest {
    static var answersOnClosedInstance: Bool { false }
}

/// A request the server may answer later (a wait), through `reply`, exactly once.
protocol DeferredRequest: SlamRequest {
    static func start(_ request: Self, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError)
}

extension SlamService {
    /// The requests the server answers at once, in any order.
    ///
    /// Listed here rather than found by casting each of ``SlamProtocol/SlamRequests/all`` to
    /// ``HandledRequest``: a cast to a protocol scans every conformance in the program (some
    /// 150,000 instructions each), and these tables are built as every daemon starts.
    static let handledRequests: [any HandledRequest.Type] = [
        PingRequest.self, VersionRequest.self, FindRequest.self, QueryRequest.self, TreeRequest.self, SnapshotRequest.self,
        LocatorRequest.self, UpdateUIRequest.self, ResetUIRequest.self, TasksRequest.self, TasksRegisterRequest.self,
        TasksUnregisterRequest.self, ControllersRequest.self, ScreensRequest.self, SubscribeRequest.self, UnsubscribeRequest.self,
        StateGetRequest.self, StateSetRequest.self, StateListRequest.self, UIAttachRequest.self, UIDetachRequest.self,
        ResetRequest.self, TraceStartRequest.self, TraceStopRequest.self, InstanceCreateRequest.self, InstanceListRequest.self,
        InstanceUseRequest.self, InstanceCloseRequest.self, DiscoverRequest.self,
    ]

    /// The requests the server may answer later, in any order (see ``handledRequests``).
    static let deferredRequests: [any DeferredRequest.Type] = [
        PressRequest.self, SetTextRequest.self, FocusRequest.self, KeyRequest.self, TypeTextRequest.self, RunTaskRequest.self,
        WaitForRequest.self,
    ]

    /// One descriptor per method of ``SlamProtocol/SlamRequests/all``, in its order, feeding dispatch and discovery.
    static func makeMethodDescriptors() -> [MethodDescriptor<ClientSession>] {
        var byMethod: [String: MethodDescriptor<ClientSession>] = [:]
        for type in Self.handledRequests { byMethod[type.method] = descriptor(type) }
        for type in Self.deferredRequests { byMethod[type.method] = descriptor(type) }
        precondition(byMethod.count == Self.handledRequests.count + Self.deferredRequests.count,
                     "a request is listed twice in the server's tables")
        let descriptors = SlamRequests.all.map { type in
            guard let descriptor = byMethod.removeValue(forKey: type.method) else {
                preconditionFailure("the server has no handler for '\(type.method)' (list it in SlamService.handledRequests or deferredRequests)")
            }
            return descriptor
        }
        precondition(byMethod.isEmpty, "the server lists requests SlamRequests.all does not: \(byMethod.keys.sorted())")
        return descriptors
    }

    private static func descriptor<Request: HandledRequest>(_ type: Request.Type) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(Request.method, summary: Request.summary, parameters: Request.parameters,
                         result: Request.resultSchema, errors: Request.errors) { request, call throws(ResponseError) in
            let session = call.context
            let service = session.service!
            if service.isClosed && !Request.answersOnClosedInstance { throw service.closedError }
            return try Request.handle(request, service: service, session: session).jsonNode()
        }
    }

    private static func descriptor<Request: DeferredRequest>(_ type: Request.Type) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(Request.method, summary: Request.summary, parameters: Request.parameters,
                         result: Request.resultSchema, errors: Request.errors) { request, call, reply in
            let session = call.context
            let service = session.service!
            if service.isClosed {
                reply(.failure(service.closedError))
                return
            }
            session.deferredCalls += 1
            let counted: MethodDescriptor<ClientSession>.Reply = { outcome in
                session.deferredCalls -= 1
                reply(outcome)
            }
            do throws(ResponseError) {
                try Request.start(request, service: service, session: session, reply: counted)
            } catch {
                counted(.failure(error))
            }
        }
    }
}
