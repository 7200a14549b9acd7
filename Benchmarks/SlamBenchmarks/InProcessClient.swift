import SlamServer
import SlamUI

/// A protocol client without a socket: requests go straight into
/// ``SlamProtocol/SlamService/receive(_:from:)`` and replies come back as bytes
/// through the session's send closure, so a measurement covers parsing the
/// request, dispatch, the method, serialising the reply and the service's
/// after-request bookkeeping — everything the daemon does except the socket.
final class InProcessClient {
    /// A scheduler that never fires: the benchmarks start no waits.
    final class IdleScheduler: Scheduler {
        func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void { {} }
    }

    private final class Inbox {
        var lastReply: [UInt8] = []
        var replies = 0
        var lastNotification: [UInt8] = []
        var notifications = 0
    }

    let service: SlamService
    private let session: ClientSession
    private let inbox = Inbox()

    /// The notifications this client received (a renderer's `ui.redraw`s), and the last one.
    var notifications: Int { inbox.notifications }
    var lastNotification: [UInt8] { inbox.lastNotification }

    convenience init(application: Application, configuration: SlamService.Configuration = .init()) {
        self.init(service: SlamService(application: application, scheduler: IdleScheduler(), configuration: configuration), identifier: 1)
    }

    /// Another client of `service`.
    init(service: SlamService, identifier: Int) {
        self.service = service
        let inbox = inbox
        let notificationStart = Array(#"{"jsonrpc":"2.0","method""#.utf8)
        session = ClientSession(identifier: identifier) { bytes in
            if bytes.starts(with: notificationStart) {
                inbox.lastNotification = bytes
                inbox.notifications += 1
            } else {
                inbox.lastReply = bytes
                inbox.replies += 1
            }
        }
        service.connect(session)
    }

    /// The framed body of a request (`params` is JSON text or nil).
    static func request(_ method: String, params: String? = nil, id: Int = 1) -> [UInt8] {
        let paramsMember = params.map { #","params":\#($0)"# } ?? ""
        return Array(#"{"jsonrpc":"2.0","method":"\#(method)"\#(paramsMember),"id":\#(id)}"#.utf8)
    }

    /// Sends one request body and returns the reply bytes.
    @discardableResult
    func send(_ request: [UInt8]) -> [UInt8] {
        let before = inbox.replies
        (session.service ?? service).receive(request, from: session)
        precondition(inbox.replies == before + 1, "the service sent no reply")
        return inbox.lastReply
    }
}
