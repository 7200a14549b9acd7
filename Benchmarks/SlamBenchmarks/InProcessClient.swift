import SlamServer
import SlamUI

/// A protocol client without a socket: requests go straight into
/// ``SlamProtocol/SlamService/receive(_:from:)`` and replies come back as bytes
/// through the session's send closure, so a measurement covers parsing the
/// request, dispatch, the method, serialising the reply and the service's
/// after-request bookkeeping — everything the daemon does except the socket.
final class InProcessClient {
    /// A scheduler that never fires: the benchmarks start no waits.
    private final class IdleScheduler: Scheduler {
        func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> () -> Void { {} }
    }

    private final class Inbox {
        var lastReply: [UInt8] = []
        var replies = 0
    }

    let service: SlamService
    private let session: ClientSession
    private let inbox = Inbox()

    init(application: Application, configuration: SlamService.Configuration = .init()) {
        service = SlamService(application: application, scheduler: IdleScheduler(), configuration: configuration)
        let inbox = inbox
        session = ClientSession(identifier: 1) { bytes in
            inbox.lastReply = bytes
            inbox.replies += 1
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
        service.receive(request, from: session)
        precondition(inbox.replies == before + 1, "the service sent no reply")
        return inbox.lastReply
    }
}
