import NIOConcurrencyHelpers
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps a listener accepting when the process runs out of file descriptors.
///
/// The daemon raises its descriptor limit at start (``DescriptorLimit``), but a
/// local process can still open connections until none is left; then `accept`
/// fails with `EMFILE`, the pending connection stays in the backlog, and every new
/// client waits, silently. This handler, on the listener's pipeline, holds one
/// descriptor in reserve (`/dev/null`); when `accept` fails for want of
/// descriptors it logs that once per episode, closes the oldest idle web
/// connections to make room, and gives up the reserve so that the next `accept`
/// succeeds. The first connection accepted then retakes the reserve, and when it
/// cannot (still no descriptor free) that connection is closed at once: the
/// daemon keeps accepting and refusing, never hanging a client.
final class DescriptorReserveHandler: ChannelInboundHandler {
    typealias InboundIn = Channel

    /// The reserve of each process, shared by the daemon's listeners (one loop).
    private static let reserve = DescriptorReserve()

    private let guards: ConnectionGuards

    init(guards: ConnectionGuards) {
        self.guards = guards
    }

    func handlerAdded(context: ChannelHandlerContext) {
        Self.reserve.take()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let child = unwrapInboundIn(data)
        if !Self.reserve.take() {
            guards.refusals.log("connections refused for want of descriptors", level: .warning, on: context.eventLoop,
                                "refused a connection: no file descriptor is free (limit \(DescriptorLimit.current))")
            child.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE else {
            context.fireErrorCaught(error)
            return
        }
        let closed = guards.webConnections.shed(8, on: context.eventLoop)
        guards.refusals.log("descriptor exhaustion", level: .warning, on: context.eventLoop, """
            out of file descriptors (limit \(DescriptorLimit.current)): closed \(closed) idle web connection(s) \
            and used the reserve to keep accepting
            """)
        Self.reserve.release()
    }
}

/// One descriptor held open so that it can be given back when none is left.
/// (One per process: a test host may run several daemons, each on a loop of its own.)
final class DescriptorReserve: Sendable {
    private let descriptor = NIOLockedValueBox<Int32>(-1)

    /// Opens the reserve if it is not held; false when no descriptor is free.
    @discardableResult
    func take() -> Bool {
        descriptor.withLockedValue { descriptor in
            if descriptor < 0 { descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC) }
            return descriptor >= 0
        }
    }

    func release() {
        descriptor.withLockedValue { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }
}
