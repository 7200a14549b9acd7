import SlamJSON
import SlamProtocol
import SlamRPC

extension InstanceCreateRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: InstanceCreateRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> InstanceEntry {
        let created = try service.daemonInstances(for: method).create(request, by: session)
        return created.entry(for: session)
    }
}

extension InstanceListRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: InstanceListRequest, service: SlamService, session: ClientSession) -> [InstanceEntry] {
        guard let instances = service.instances else { return [service.entry(for: session)] }
        return instances.all.map { $0.entry(for: session) }
    }
}

extension InstanceUseRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: InstanceUseRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> InstanceEntry {
        let instances = try service.daemonInstances(for: method)
        let target = try instances.openInstance(request.instance)
        if target !== service {
            // The connection's earlier requests ran, in order, before this one: what is still unanswered
            // waits in the instance it would leave, where nothing could answer it any more.
            // (Requests held behind this one move with the connection: they run in the instance it moves to.)
            let unanswered = session.unansweredMessages - 1 + session.deferredCalls + session.runningTaskCalls
            if unanswered > 0 {
                throw ResponseError(code: .invalidRequest,
                                    message: "instance.use: this connection still waits for answers in the instance '\(service.instance.handle)' "
                                        + "(a waitFor, an action waiting for its element, a task.run to answer); send instance.use once they are answered",
                                    data: ["instance": .string(service.instance.handle)])
            }
            instances.move(session, to: target)
        }
        return target.entry(for: session)
    }
}

extension InstanceCloseRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: InstanceCloseRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> InstanceClosed {
        let instances = try service.daemonInstances(for: method)
        if request.instance == SlamInstances.mainHandle {
            throw .invalidParams("instance: 'main' is the instance the daemon started with; it is never closed (reset puts it back to its launch state)",
                                 data: ["parameter": "instance", "instance": "main"])
        }
        let target = try instances.openInstance(request.instance)
        return instances.close(target, reason: "instance.close by client \(session.identifier)")
    }
}

extension SlamService {
    /// The daemon's instances, or -32600 for a service made on its own (it hosts one application).
    func daemonInstances(for method: String) throws(ResponseError) -> SlamInstances {
        guard let instances else {
            throw ResponseError(code: .invalidRequest,
                                message: "\(method): this server hosts one application and makes no instances (slamd makes them; an embedded SlamService does not)")
        }
        return instances
    }
}

extension SlamInstances {
    /// The open instance `handle` names, or -32018 listing those open.
    func openInstance(_ handle: String) throws(ResponseError) -> SlamService {
        guard let service = instance(handle) else {
            let open = all.map(\.instance.handle)
            let shown = open.count > 10 ? open.prefix(10).joined(separator: ", ") + " … (\(open.count) in all)" : open.joined(separator: ", ")
            throw ResponseError(code: .instanceNotFound,
                                message: "\(ErrorCode.instanceNotFound.slamName): no open instance '\(handle)' (open: \(shown))",
                                data: ["instance": .string(handle), "open": .array(open.map(JSONValue.string))])
        }
        return service
    }
}
