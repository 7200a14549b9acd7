import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI

extension PingRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: PingRequest, service: SlamService, session: ClientSession) -> String { "pong" }
}

extension VersionRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: VersionRequest, service: SlamService, session: ClientSession) -> ServerVersion {
        ServerVersion(protocolVersion: protocolVersion, serverVersion: service.configuration.serverVersion,
                      framings: ["newline", "contentLength"], transports: service.configuration.transports, batches: true, events: EventKind.allCases.map(\.rawValue),
                      methods: service.methods.map(\.name),
                      maximumMessageBytes: service.configuration.maximumMessageBytes,
                      maximumWaitTimeoutMilliseconds: service.configuration.maximumWaitTimeoutMilliseconds)
    }
}

extension TasksRequest: HandledRequest {
    static func handle(_ request: TasksRequest, service: SlamService, session: ClientSession) -> [String] {
        service.application.tasks.names
    }
}

extension ControllersRequest: HandledRequest {
    static func handle(_ request: ControllersRequest, service: SlamService, session: ClientSession) -> [ControllerEntry] {
        service.stackEntries
    }
}

extension ScreensRequest: HandledRequest {
    /// A screen's title is its controller's: one is made to read it (a factory builds a controller and its views, nothing more).
    static func handle(_ request: ScreensRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> [ScreenEntry] {
        let application = service.application
        let onStack = Set(application.stack.map(\.controller.identifier))
        var screens: [ScreenEntry] = []
        for identifier in application.controllerIdentifiers {
            let title: String
            do throws(SlamError) {
                title = try application.makeController(identifier: identifier).title
            } catch {
                throw .internalError("screens: the controller '\(identifier)' could not be made: \(error)")
            }
            screens.append(ScreenEntry(id: identifier, title: title, onStack: onStack.contains(identifier)))
        }
        return screens
    }
}

extension DiscoverRequest: HandledRequest {
    static var answersOnClosedInstance: Bool { true }

    static func handle(_ request: DiscoverRequest, service: SlamService, session: ClientSession) -> JSONValue {
        service.discoveryDocument
    }
}

extension SlamService {
    /// The navigation stack, root first, as `controllers` and `navigated` report it.
    var stackEntries: [ControllerEntry] {
        application.stack.map { presentation in
            ControllerEntry(id: presentation.controller.identifier, title: presentation.controller.title,
                            modal: presentation.isModal)
        }
    }

    /// The OpenRPC description of every method this service answers.
    public var discoveryDocument: JSONValue {
        OpenRPCDocument.make(methods: methods)
    }
}

extension ResetRequest: HandledRequest {
    static func handle(_ request: ResetRequest, service: SlamService, session: ClientSession) throws(ResponseError) -> ResetOutcome {
        let outcome = try service.resetApplication()
        service.announceAction(method, params: [:], client: session.identifier)
        return outcome
    }
}
