import Logging
import NIOCore
import SlamServer
import SlamRPC

/// One client connection: decodes frames, hands messages to the service in
/// arrival order, and writes replies and notifications in the client's framing.
///
/// Runs on the daemon's single event loop, like the service, so it calls the
/// service directly. A client that leaves more than `maximumUnreadBytes` of
/// output unread is cut off, so a slow reader can neither block the UI nor
/// grow the daemon's memory without bound.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let service: SlamService
    private let registry: ConnectionRegistry
    private let identifier: Int
    private let peerUserID: UInt32?
    private let maximumUnreadBytes: Int
    private var logger: Logger

    private var decoder: FrameDecoder
    private var session: ClientSession?
    private var context: ChannelHandlerContext?
    private var isReading = false
    private var flushScheduled = false
    private var closing = false

    init(service: SlamService, registry: ConnectionRegistry, identifier: Int, peerUserID: UInt32?,
         maximumMessageBytes: Int, maximumUnreadBytes: Int, logger: Logger) {
        self.service = service
        self.registry = registry
        self.identifier = identifier
        self.peerUserID = peerUserID
        self.maximumUnreadBytes = maximumUnreadBytes
        self.decoder = FrameDecoder(maximumMessageBytes: maximumMessageBytes)
        var logger = logger
        logger[metadataKey: "connection"] = "\(identifier)"
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let session = ClientSession(identifier: identifier, peerUserID: peerUserID) { [unowned self] bytes in
            write(bytes)
        }
        self.session = session
        service.connect(session)
        registry.add(identifier, channel: context.channel)
        logger.debug("client connected", metadata: ["uid": "\(peerUserID.map(String.init) ?? "?")"])
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let session { service.disconnect(session) }
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
        let buffer = unwrapInboundIn(data)
        decoder.append(buffer.readableBytesView)
        while let event = decoder.next() {
            switch event {
            case .message(let body):
                service.receive(body, from: session)
            case .error(let error):
                logger.notice("framing error: \(error.responseError.message)")
                service.receive(error, from: session)
                if !error.isRecoverable {
                    closeAfterFlush(reason: "unreadable headers")
                    return
                }
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        isReading = false
        context.flush()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.notice("connection error: \(error)")
        context.close(promise: nil)
    }

    /// Writes one message body, framed as the client frames its own.
    ///
    /// The body is framed straight into the outgoing buffer, and how much the
    /// client leaves unread is asked of the channel (its outbound buffer) rather
    /// than counted with a promise per write: both were a visible share of a
    /// small request's cost.
    private func write(_ body: [UInt8]) {
        guard let context, !closing else { return }
        var buffer: ByteBuffer
        switch decoder.framing ?? .newlineDelimited {
        case .newlineDelimited:
            buffer = context.channel.allocator.buffer(capacity: body.count + 1)
            buffer.writeBytes(body)
            buffer.writeInteger(UInt8(ascii: "\n"))
        case .contentLength:
            let header = "Content-Length: \(body.count)\r\n\r\n"
            buffer = context.channel.allocator.buffer(capacity: header.utf8.count + body.count)
            buffer.writeString(header)
            buffer.writeBytes(body)
        }
        context.write(wrapOutboundOut(buffer), promise: nil)
        let unread = (try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
        if unread > maximumUnreadBytes {
            logger.warning("cutting off a client that left \(unread) bytes unread (limit \(maximumUnreadBytes))")
            closing = true
            context.eventLoop.assumeIsolated().execute { context.close(promise: nil) }
            return
        }
        if !isReading && !flushScheduled {
            // Output caused by another client or a timer: flush once the current turn ends.
            flushScheduled = true
            context.eventLoop.assumeIsolated().execute { [weak self] in
                self?.flushScheduled = false
                self?.context?.flush()
            }
        }
    }

    /// Sends what is queued, then closes: every reply already promised goes out whole.
    func closeAfterFlush(reason: String) {
        guard let context, !closing else { return }
        logger.debug("closing: \(reason)")
        closing = true
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
