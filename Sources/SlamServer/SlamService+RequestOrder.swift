import SlamJSON
import SlamProtocol
import SlamRPC

/// Read-your-writes on one connection: its requests run one at a time, in arrival order, each
/// after the earlier ones were answered.
///
/// A request answered on the spot (most are) costs nothing more. One that is answered later (a
/// `waitFor`, an action waiting for its element, a `press` or `runTask` whose task a client runs)
/// holds the connection's later messages, with their places in the output reserved, until it is
/// answered; then they run in order on the loop's next turn, where another such request may hold
/// the rest again (``HeldRequests``). Other connections are served meanwhile.
///
/// What a connection sends while it has a `task.run` to answer runs at once: it is the task's
/// handler calling back, and the request waiting for that task may be the connection's own.
/// Held requests are bounded by ``ServiceLimits/heldRequestsPerConnection`` and
/// ``ServiceLimits/heldRequestBytes`` (-32017 past them); a connection that closes drops them,
/// and a daemon that stops refuses them with -32009.
extension SlamService {
    /// Holds a message of `session` until its earlier ones are answered, or refuses it past the bounds.
    /// A response (to a `task.run`) is never held: it asks nothing, and the run it answers may be what
    /// the earlier ones wait for.
    func hold(_ message: [UInt8], from session: ClientSession) {
        if dispatcher.isResponse(message) {
            perform(message, answering: session.reserve(), from: session)
            return
        }
        let ticket = session.reserve()
        do throws(ResponseError) {
            try heldRequests.hold(message, answering: ticket, from: session)
        } catch {
            refuse(message, answering: ticket, from: session, with: error)
        }
    }

    /// Answers every held request of `session` with `error` instead of running it.
    func refuseHeldRequests(of session: ClientSession, with error: ResponseError) {
        for (message, ticket) in heldRequests.drop(of: session) {
            refuse(message, answering: ticket, from: session, with: error)
        }
    }

    /// Answers each request of `message` with `error`, in the place `ticket` reserved; a trace records both.
    private func refuse(_ message: [UInt8], answering ticket: ClientSession.Ticket, from session: ClientSession,
                        with error: ResponseError) {
        let client = session.identifier
        if let trace {
            if (try? dispatcher.parse(message)) != nil {
                trace.recordRequest(maskingSecureText(inRequest: message), client: client)
            } else {
                trace.recordUnreadable(client: client, text: message, reason: "not JSON")
            }
        }
        dispatcher.refuse(message, with: error) { reply in
            if let reply { trace?.recordReply(reply, client: client) }
            session.fill(ticket, with: reply)
        }
    }
}
