import Logging
import NIOCore
import SlamServer
import SlamRPC

/// One client connection as the service sees it: hands each decoded message to
/// ``SlamProtocol/SlamService`` in arrival order and writes what the client's
/// session sends (bodies; ``FrameEncodingHandler`` frames them).
///
/// Runs on the daemon's single event loop, like the service, so it calls the
/// service directly. Output is flushed once per read burst, or on the loop's
/// next turn when another client or a timer caused it. What a client leaves
/// unread is bounded by ``OutputLimitHandler`` at the head of the pipeline, so a
/// slow reader can neither block the UI nor grow the daemon's memory without bound. After a
/// framing error it cannot read past, it sends what it owes and closes. A
/// client that closes its sending side (`ChannelEvent.inputClosed`) is answered
/// everything it is owed — a pending `waitFor` included — and then closed.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = FrameDecoder.Event
    typealias OutboundOut = [UInt8]

    private let instances: SlamInstances
    private let registry: ConnectionRegistry
    private let identifier: Int
    private let peerUserID: UInt32?
    private let refusals: RefusalLog
    private var logger: Logger

    private var session: ClientSession?
    private var context: ChannelHandlerContext?
    private var isReading = false
    private var flushScheduled = false
    private var closing = false

    init(instances: SlamInstances, registry: ConnectionRegistry, identifier: Int, peerUserID: UInt32?,
         refusals: RefusalLog, logger: Logger) {
        self.instances = instances
        self.registry = registry
        self.identifier = identifier
        self.peerUserID = peerUserID
        self.refusals = refusals
        var logger = logger
        logger[metadataKey: "connection"] = "\(identifier)"
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let session = ClientSession(identifier: identifier, peerUserID: peerUserID) { [unowned self] body in
            write(body)
        }
        self.session = session
        instances.connect(session)
        registry.add(identifier, channel: context.channel)
        logger.debug("client connected", metadata: ["uid": "\(peerUserID.map(String.init) ?? "?")"])
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let session { instances.disconnect(session) }
        session = nil
        registry.remove(identifier)
        logger.debug("client disconnected")
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let session, !closing else { return }
        isReading = true
        switch unwrapInboundIn(data) {
        case .message(let body):
            session.service!.receive(body, from: session)
        case .error(let error):
            refusals.log("framing errors", on: context.eventLoop,
                         "framing error on connection \(identifier): \(LogText.escaped(error.responseError.message))")
            session.service!.receive(error, from: session)
            if !error.isRecoverable {
                closeAfterFlush(reason: "unreadable headers")
            }
        }
    }

    /// Flushes the burst's replies on the loop's next turn, not here: when the
    /// burst ends with the client's end of input, NIO announces the end of the
    /// burst and then closes the input side, and a flush here that meets a reset
    /// connection closes the whole channel in between, which NIO's half-closure
    /// path does not expect (its assertion stopped a debug slamd when a client
    /// that had unread notifications closed its socket).
    func channelReadComplete(context: ChannelHandlerContext) {
        isReading = false
        scheduleFlush()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputDidClose()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        refusals.log("connection errors", on: context.eventLoop, "connection \(identifier): \(error)")
        context.close(promise: nil)
    }

    /// Sends what is queued, then closes: every reply already written goes out whole.
    func closeAfterFlush(reason: String) {
        guard let context, !closing else { return }
        logger.debug("closing: \(reason)")
        closing = true
        // An empty body completes after every earlier write (see FrameEncodingHandler).
        context.writeAndFlush(wrapOutboundOut([]))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// The client sends nothing more: close once nothing is owed.
    private func inputDidClose() {
        guard let session, !closing else { return }
        // It can answer no task.run any more: its tasks are freed and what it owes fails now.
        session.service!.clientStoppedSending(session)
        if session.owedReplies == 0 {
            closeAfterFlush(reason: "the client finished sending")
            return
        }
        logger.debug("the client finished sending; \(session.owedReplies) replies still owed")
        session.onIdle = { [weak self] in
            // The session is still sending when it says so: close on the next turn, outside it.
            self?.context?.eventLoop.assumeIsolated().execute { [weak self] in
                self?.closeAfterFlush(reason: "the client finished sending and is answered")
            }
        }
    }

    /// Writes one message body for the encoder to frame.
    private func write(_ body: [UInt8]) {
        guard let context, !closing else { return }
        context.write(wrapOutboundOut(body), promise: nil)
        if !isReading {
            // Output caused by another client or a timer: flush once the current turn ends.
            scheduleFlush()
        }
    }

    /// Flushes once the current turn of the loop ends, however many writes ask for it.
    private func scheduleFlush() {
        guard let context, !flushScheduled else { return }
        flushScheduled = true
        // Holds the handler until the next turn (a weak capture would give it a side table and slow
        // every retain of it); once removed, it has no context to flush.
        context.eventLoop.assumeIsolated().execute { [self] in
            flushScheduled = false
            self.context?.flush()
        }
    }
}
