import SlamProtocol
import SlamRPC

extension TasksRegisterRequest: HandledRequest {
    static func handle(_ request: TasksRegisterRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> TasksRegistered {
        try service.registerClientTasks(request.names.names, timeoutMilliseconds: request.timeoutMilliseconds, session: session)
    }
}

extension TasksUnregisterRequest: HandledRequest {
    static func handle(_ request: TasksUnregisterRequest, service: SlamService, session: ClientSession) -> TasksUnregistered {
        TasksUnregistered(unregistered: service.unregisterClientTasks(request.names?.names, session: session))
    }
}
