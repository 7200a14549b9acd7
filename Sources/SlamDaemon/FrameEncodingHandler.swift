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
///
/// Messages written without a promise between two flushes (the replies to one
/// read burst of pipelined requests) are framed into one buffer and written as
/// one when the flush comes, or as soon as that buffer holds ``coalescedBytes``:
/// one write through the rest of the pipeline and one entry in the channel's
/// queue per burst, not per reply. A write with a promise goes out in order after
/// what was gathered before it.
final class FrameEncodingHandler: ChannelOutboundHandler {
    typealias OutboundIn = [UInt8]
    typealias OutboundOut = ByteBuffer

    /// Tells the encoder the connection's framing (an outbound user event).
    struct FramingChosen: Sendable, Hashable {
        let framing: Framing
    }

    /// Past this many gathered bytes the buffer goes on without waiting for the flush, so the output
    /// limit at the head of the pipeline sees a long burst's replies as they come.
    static let coalescedBytes = 64 << 10

    /// The framing replies are written in.
    private(set) var framing: Framing = .newlineDelimited
    /// Messages framed since the last flush and not yet written on.
    private var gathered: ByteBuffer?

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let body = unwrapOutboundIn(data)
        guard !body.isEmpty else {
            writeGathered(context: context)
            context.write(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: promise)
            return
        }
        var buffer = gathered ?? context.channel.allocator.buffer(capacity: max(body.count + 32, 1024))
        gathered = nil
        // Framed straight into the outgoing buffer: a copy per reply was a visible share of a small request's cost.
        switch framing {
        case .newlineDelimited:
            buffer.writeBytes(body)
            buffer.writeInteger(UInt8(ascii: "\n"))
        case .contentLength:
            buffer.writeString("Content-Length: \(body.count)\r\n\r\n")
            buffer.writeBytes(body)
        }
        if promise != nil || buffer.readableBytes >= Self.coalescedBytes {
            context.write(wrapOutboundOut(buffer), promise: promise)
        } else {
            gathered = buffer
        }
    }

    func flush(context: ChannelHandlerContext) {
        writeGathered(context: context)
        context.flush()
    }

    /// Writes on what was gathered since the last flush.
    private func writeGathered(context: ChannelHandlerContext) {
        guard let buffer = gathered else { return }
        gathered = nil
        context.write(wrapOutboundOut(buffer), promise: nil)
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
