import SlamJSON
import SlamProtocol
import SlamRPC

extension UIAttachRequest: HandledRequest {
    static func handle(_ request: UIAttachRequest, service: SlamService, session: ClientSession) -> UIStateOutput {
        service.attachUI(session)
    }
}

extension UIDetachRequest: HandledRequest {
    static func handle(_ request: UIDetachRequest, service: SlamService, session: ClientSession) -> UIDetached {
        UIDetached(detached: service.detachUI(session))
    }
}
