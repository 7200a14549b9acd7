import Logging
import NIOCore

/// Bounds what one connection may leave unread, whatever writes it: replies and
/// notifications, HTTP responses, WebSocket pongs and close frames.
///
/// It sits at the head of every connection's pipeline (socket, HTTP and WebSocket),
/// so every byte the daemon sends passes it. After each write it asks the channel
/// how much is still waiting for the client to read; past `maximumUnreadBytes` the
/// client is cut off: further writes are dropped at once and the connection closes
/// on the loop's next turn (not inside the write, which may be in the middle of the
/// service's turn). It also reports to the daemon-wide ``OutputBudget``.
final class OutputLimitHandler: ChannelOutboundHandler {
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    private let maximumUnreadBytes: Int
    private let budget: OutputBudget
    private let refusals: RefusalLog
    /// The connection, from the handler's addition to its removal (which a closing channel does):
    /// held strongly, as a weak reference would give the channel a side table and make every
    /// retain and release of it (NIO makes many per message) take the slow path.
    private var channel: Channel?
    private var isCutOff = false
    /// What this connection last told the budget it had buffered (the budget keeps it).
    var reportedBytes = 0

    init(maximumUnreadBytes: Int, budget: OutputBudget, refusals: RefusalLog) {
        self.maximumUnreadBytes = maximumUnreadBytes
        self.budget = budget
        self.refusals = refusals
    }

    /// What the client has not read yet, in bytes.
    var bufferedBytes: Int {
        (try? channel?.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
    }

    func handlerAdded(context: ChannelHandlerContext) {
        channel = context.channel
        budget.add(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        budget.remove(self)
        channel = nil
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isCutOff else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        context.write(data, promise: promise)
        let unread = bufferedBytes
        if unread > maximumUnreadBytes {
            cutOff(reason: "that left \(unread) bytes unread (limit \(maximumUnreadBytes), --max-unread-bytes)")
        } else {
            budget.report(self, bufferedBytes: unread)
        }
    }

    /// Drops everything written from now on and closes the connection on the loop's next turn.
    func cutOff(reason: String) {
        guard !isCutOff, let channel else { return }
        isCutOff = true
        budget.remove(self)
        refusals.log("clients cut off", level: .warning, on: channel.eventLoop, "cutting off a client \(reason)")
        channel.eventLoop.assumeIsolated().execute { channel.close(promise: nil) }
    }
}
