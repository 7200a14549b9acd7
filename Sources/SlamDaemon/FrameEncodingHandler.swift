import NIOCore
import SlamRPC

/// Frames each outgoing message body for the wire, in the framing the client chose.
///
/// Newline framing until a ``FramingChosen`` outbound user event says otherwise;
/// ``FrameDecodingHandler`` sends one before it passes on the client's first
/// message, so every reply is framed as the requests were. Place it nearer the
/// head of the pipeline than the decoding handler, so the event reaches it.
///
/// An empty body writes nothing: its promise completes once everything written
/// before it has gone. No JSON-RPC message is empty, so this is how a writer
/// learns that its last reply is out (to close after it) without a promise on
/// every write.
final class FrameEncodingHandler: ChannelOutboundHandler {
    typealias OutboundIn = [UInt8]
    typealias OutboundOut = ByteBuffer

    /// Tells the encoder the connection's framing (an outbound user event).
    struct FramingChosen: Sendable, Hashable {
        let framing: Framing
    }

    /// The framing replies are written in.
    private(set) var framing: Framing = .newlineDelimited

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let body = unwrapOutboundIn(data)
        guard !body.isEmpty else {
            context.write(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: promise)
            return
        }
        var buffer: ByteBuffer
        // Framed straight into the outgoing buffer: a copy per reply was a visible share of a small request's cost.
        switch framing {
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
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let chosen = event as? FramingChosen else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        framing = chosen.framing
        promise?.succeed(())
    }
}
