import Synchronization

/// How a ``WebEndpoint`` answers its request: a whole response, a refusal (logged), or a stream
/// (an event stream held open) written piece by piece.
///
/// Safe from any task; everything is handed to the connection's event loop in order. Once the
/// client is gone, writes are dropped (and the handler's task is cancelled). A handler that
/// returns without answering gets a 500 sent for it; an open stream is ended for it.
public final class WebEndpointResponse: Sendable {
    /// What goes to the connection, in order.
    enum Part: Sendable {
        case whole(status: Int, headers: [(String, String)], body: [UInt8], refusal: String?)
        case streamHead(status: Int, headers: [(String, String)])
        case streamBody([UInt8])
        case end
    }

    private enum Phase { case unanswered, streaming, answered }

    private let deliver: @Sendable (Part) -> Void
    private let phase = Mutex(Phase.unanswered)

    init(deliver: @escaping @Sendable (Part) -> Void) {
        self.deliver = deliver
    }

    /// Whether a response (whole or a stream's head) went out.
    public var hasAnswered: Bool { phase.withLock { $0 != .unanswered } }

    /// Sends a whole response: `Content-Length` is added, and the security headers every web response has.
    public func send(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        answer(.whole(status: status, headers: headers, body: body, refusal: nil))
    }

    /// Sends a whole response that refuses the request, and logs `reason` as every refusal of the web
    /// server is logged (throttled). Pass what a client chose in the reason through ``loggable(_:)``.
    public func refuse(status: Int, reason: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        answer(.whole(status: status, headers: headers, body: body, refusal: reason))
    }

    /// A client's text made safe for a log record or an answer: control characters and quotes escaped,
    /// cut after 120 characters (the web server's refusals echo what a client sent that way).
    public static func loggable(_ text: some StringProtocol) -> String {
        LogText.escaped(text)
    }

    /// Starts a response whose body follows in ``write(_:)`` calls (chunked), until ``end()``.
    public func startStream(status: Int, headers: [(String, String)] = []) {
        let started = phase.withLock { phase in
            guard phase == .unanswered else { return false }
            phase = .streaming
            return true
        }
        if started { deliver(.streamHead(status: status, headers: headers)) }
    }

    /// Sends part of a stream's body at once (flushed: an event stream's reader sees it now).
    public func write(_ bytes: [UInt8]) {
        guard phase.withLock({ $0 == .streaming }), !bytes.isEmpty else { return }
        deliver(.streamBody(bytes))
    }

    /// Ends a stream.
    public func end() {
        let ended = phase.withLock { phase in
            guard phase == .streaming else { return false }
            phase = .answered
            return true
        }
        if ended { deliver(.end) }
    }

    /// After the handler returned: what it left unanswered is answered.
    func finish() {
        switch phase.withLock({ $0 }) {
        case .unanswered: send(status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
                               body: Array("500 Internal Server Error: the endpoint sent no answer\n".utf8))
        case .streaming: end()
        case .answered: break
        }
    }

    private func answer(_ part: Part) {
        let first = phase.withLock { phase in
            guard phase == .unanswered else { return false }
            phase = .answered
            return true
        }
        if first { deliver(part) }
    }
}
