import NIOCore
import SlamRPC

/// Splits a connection's bytes into message bodies and framing errors, with
/// ``SlamRPC/FrameDecoder``, and passes each on as a ``SlamRPC/FrameDecoder/Event``.
///
/// It decides the connection's framing from the first bytes and tells
/// ``FrameEncodingHandler`` (an outbound ``FrameEncodingHandler/FramingChosen``
/// event) before the first message goes on, so replies use the same framing.
/// After an unrecoverable framing error it passes nothing more on.
///
/// When the client closes its sending side (`ChannelEvent.inputClosed`, with
/// `ChannelOptions.allowRemoteHalfClosure` on), what the end of input completes
/// goes on first — an unterminated last line in newline framing — as a read
/// burst of its own, then the event itself.
final class FrameDecodingHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = FrameDecoder.Event

    private var decoder: FrameDecoder
    private var framingAnnounced = false

    init(maximumMessageBytes: Int) {
        decoder = FrameDecoder(maximumMessageBytes: maximumMessageBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        decoder.append(unwrapInboundIn(data).readableBytesView)
        passOnDecodedEvents(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            decoder.finish()
            if passOnDecodedEvents(context: context) {
                context.fireChannelReadComplete()
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Passes on every event the decoder has; returns whether there was any.
    @discardableResult
    private func passOnDecodedEvents(context: ChannelHandlerContext) -> Bool {
        var passedOn = false
        while let event = decoder.next() {
            if !framingAnnounced, let framing = decoder.framing {
                framingAnnounced = true
                context.triggerUserOutboundEvent(FrameEncodingHandler.FramingChosen(framing: framing), promise: nil)
            }
            context.fireChannelRead(wrapInboundOut(event))
            passedOn = true
        }
        return passedOn
    }
}
