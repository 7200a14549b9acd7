import Logging
import NIOCore
import NIOWebSocket
import SlamRPC

/// Turns WebSocket frames into JSON-RPC messages for ``SessionHandler`` and its
/// message bodies into text frames: one message per text message (a message
/// may arrive in fragments), so the session cannot tell a WebSocket from the socket.
///
/// It answers pings, completes the closing handshake (echoing the client's code),
/// and fails the connection as RFC 6455 asks: a binary message (1003: JSON-RPC
/// travels as text), a text message that is not UTF-8 (1007), a message over
/// `maximumMessageBytes` (1009: it cannot be skipped unread the way a line can,
/// so the connection ends, with the limit in the reason), an unmasked frame, a
/// reserved bit or opcode, or a continuation out of place (1002). Protocol errors
/// that NIO's frame decoder finds (a frame longer than the limit) arrive as
/// errors and end the same way.
///
/// When the session closes the connection (the daemon stops, or the client left
/// too much unread), a close frame with 1001 goes first if the socket can still
/// take it. An empty body, which the session writes to learn when everything
/// before it has gone (see ``FrameEncodingHandler``), becomes an empty unsolicited
/// pong: RFC 6455 allows one, clients ignore it, and its write completes in order.
final class WebSocketMessageHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = FrameDecoder.Event
    typealias OutboundIn = [UInt8]
    typealias OutboundOut = WebSocketFrame

    private let maximumMessageBytes: Int
    private let refusals: RefusalLog
    private let logger: Logger
    /// The fragments of a text message still arriving.
    private var partialMessage: ByteBuffer?
    /// Our close frame is written: nothing more goes out, nothing more is read.
    private var closeSent = false

    init(maximumMessageBytes: Int, refusals: RefusalLog, logger: Logger) {
        self.maximumMessageBytes = maximumMessageBytes
        self.refusals = refusals
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closeSent else { return }
        let frame = unwrapInboundIn(data)
        guard frame.maskKey != nil else { return fail(1002, "client frames must be masked", context: context) }
        guard frame.reservedBits.isEmpty else { return fail(1002, "no extension was negotiated", context: context) }
        switch frame.opcode {
        case .text:
            guard partialMessage == nil else {
                return fail(1002, "a text message began before the previous one ended", context: context)
            }
            receive(frame.unmaskedData, final: frame.fin, context: context)
        case .continuation:
            guard partialMessage != nil else { return fail(1002, "a continuation frame without a message", context: context) }
            receive(frame.unmaskedData, final: frame.fin, context: context)
        case .binary:
            fail(1003, "binary frames are not accepted: send each JSON-RPC message as a text frame", context: context)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)),
                                  promise: nil)
        case .pong:
            break
        case .connectionClose:
            answerClose(frame.unmaskedData, context: context)
        default:
            fail(1002, "unknown opcode \(frame.opcode)", context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? NIOWebSocketError else {
            context.fireErrorCaught(error)
            return
        }
        switch error {
        case .invalidFrameLength:
            fail(1009, "a frame exceeds the limit of \(maximumMessageBytes) bytes", context: context)
        default:
            fail(1002, "invalid frame: \(error)", context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closeSent else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        let body = unwrapOutboundIn(data)
        let frame = body.isEmpty
            ? WebSocketFrame(fin: true, opcode: .pong, data: context.channel.allocator.buffer(capacity: 0))
            : WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(bytes: body))
        context.write(wrapOutboundOut(frame), promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Output still queued means a client that is not reading: it would never take the close frame.
        let queued = (try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
        guard mode == .all, !closeSent, queued == 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        closeAfterSending(1001, "slamd closes this connection", context: context, promise: promise)
    }

    /// Adds a message's bytes; a whole message goes on to the session.
    private func receive(_ bytes: ByteBuffer, final: Bool, context: ChannelHandlerContext) {
        var message = partialMessage ?? context.channel.allocator.buffer(capacity: bytes.readableBytes)
        partialMessage = nil
        guard message.readableBytes + bytes.readableBytes <= maximumMessageBytes else {
            return fail(1009, "a message exceeds the limit of \(maximumMessageBytes) bytes", context: context)
        }
        var bytes = bytes
        message.writeBuffer(&bytes)
        guard final else {
            partialMessage = message
            return
        }
        let body = Array(message.readableBytesView)
        guard String(validating: body, as: UTF8.self) != nil else {
            return fail(1007, "a text message is not UTF-8", context: context)
        }
        context.fireChannelRead(wrapInboundOut(.message(body)))
    }

    /// The client closes: answer with its code (as RFC 6455 asks), then close the connection.
    private func answerClose(_ payload: ByteBuffer, context: ChannelHandlerContext) {
        var payload = payload
        let code: UInt16
        switch payload.readableBytes {
        case 0:
            code = 1000
        case 1:
            code = 1002
        default:
            let received = payload.readInteger(as: UInt16.self) ?? 1002
            let validReason = String(validating: payload.readableBytesView, as: UTF8.self) != nil
            code = validReason && (1000...1003 ~= received || 1007...1014 ~= received || 3000...4999 ~= received) ? received : 1002
        }
        logger.debug("the WebSocket client closed with \(code)")
        closeAfterSending(code, "", context: context)
    }

    /// Fails the connection: a close frame with the code and why, then the close.
    private func fail(_ code: UInt16, _ reason: String, context: ChannelHandlerContext) {
        guard !closeSent else { return }
        refusals.log("WebSockets failed", on: context.eventLoop, "closing a WebSocket with \(code): \(reason)")
        partialMessage = nil
        closeAfterSending(code, reason, context: context)
    }

    /// Sends a close frame, then closes the connection once it is written, or after
    /// two seconds if the client stops reading first (so the connection never lingers).
    private func closeAfterSending(_ code: UInt16, _ reason: String, context: ChannelHandlerContext,
                                   promise: EventLoopPromise<Void>? = nil) {
        closeSent = true
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(code)
        // A control frame carries at most 125 bytes; the reason is cut on a character boundary.
        var reasonBytes = 0
        for character in reason {
            guard reasonBytes + character.utf8.count <= 123 else { break }
            payload.writeString(String(character))
            reasonBytes += character.utf8.count
        }
        let channel = context.channel
        let deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)))
            .assumeIsolated().whenComplete { _ in
                deadline.cancel()
                context.close(promise: promise)
            }
    }
}
