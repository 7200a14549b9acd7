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
}

/// A request the server may answer later (a wait), through `reply`, exactly once.
protocol DeferredRequest: SlamRequest {
    static func start(_ request: Self, service: SlamService, session: ClientSession,
                      reply: @escaping MethodDescriptor<ClientSession>.Reply) throws(ResponseError)
}

extension SlamService {
    /// One descriptor per method of ``SlamProtocol/SlamRequests/all``, feeding dispatch and discovery.
    func makeMethodDescriptors() -> [MethodDescriptor<ClientSession>] {
        SlamRequests.all.map { type in
            if let handled = type as? any HandledRequest.Type { return descriptor(handled) }
            if let deferred = type as? any DeferredRequest.Type { return descriptor(deferred) }
            preconditionFailure("the server has no handler for '\(type.method)'")
        }
    }

    private func descriptor<Request: HandledRequest>(_ type: Request.Type) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(Request.method, summary: Request.summary, parameters: Request.parameters,
                         result: Request.resultSchema, errors: Request.errors) { [unowned self] request, call throws(ResponseError) in
            try Request.handle(request, service: self, session: call.context).jsonNode()
        }
    }

    private func descriptor<Request: DeferredRequest>(_ type: Request.Type) -> MethodDescriptor<ClientSession> {
        MethodDescriptor(Request.method, summary: Request.summary, parameters: Request.parameters,
                         result: Request.resultSchema, errors: Request.errors) { [unowned self] request, call, reply in
            do throws(ResponseError) {
                try Request.start(request, service: self, session: call.context, reply: reply)
            } catch {
                reply(.failure(error))
            }
        }
    }
}
