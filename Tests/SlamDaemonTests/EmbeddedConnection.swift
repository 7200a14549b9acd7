import Logging
import NIOCore
import NIOEmbedded
import SlamDemo
import SlamServer
@testable import SlamDaemon

/// One client connection's real pipeline (``SlamDaemon/connectionHandlers``) on
/// an `EmbeddedChannel`, serving the demo app: bytes in, bytes out, time and the
/// loop's turns driven by the test.
final class EmbeddedConnection {
    let channel: EmbeddedChannel
    let instances: SlamInstances
    /// The instance the connection uses first.
    var service: SlamService { instances.main }

    /// A connection to new instances of the demo, or to `instances` (whose scheduler must run on `loop`).
    init(instances: SlamInstances? = nil, loop: EmbeddedEventLoop = EmbeddedEventLoop(), identifier: Int = 1,
         maximumMessageBytes: Int = 16 << 20, maximumUnreadBytes: Int = 64 << 20) throws {
        channel = EmbeddedChannel(loop: loop)
        self.instances = try instances ?? SlamInstances(makeApplication: { try DemoApp.makeApplication() },
                                                        scheduler: EventLoopScheduler(eventLoop: loop))
        let configuration = DaemonConfiguration(maximumMessageBytes: maximumMessageBytes, maximumUnreadBytes: maximumUnreadBytes)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        try channel.pipeline.syncOperations.addHandlers(
            SlamDaemon.connectionHandlers(instances: self.instances, registry: ConnectionRegistry(), identifier: identifier,
                                          peerUserID: nil, configuration: configuration,
                                          guards: .forTests(logger: logger), logger: logger))
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/embedded")).wait()
    }

    /// Closes what the test left open: the pipeline's handlers, the session and the
    /// service hold one another until the channel closes (as a real connection's do).
    deinit {
        _ = try? channel.finish(acceptAlreadyClosed: true)
        channel.embeddedEventLoop.run()
    }

    /// Bytes arriving in one read burst (a read, then read-complete), then the
    /// loop's turn in which the burst's replies are flushed.
    func receive(_ text: String) throws {
        try channel.writeInbound(channel.allocator.buffer(string: text))
        channel.embeddedEventLoop.run()
    }

    /// Bytes arriving in a read whose burst has not ended yet (see ``endReadBurst()``).
    func receiveWithoutReadComplete(_ text: String) {
        channel.pipeline.syncOperations.fireChannelRead(NIOAny(channel.allocator.buffer(string: text)))
    }

    /// Ends a read burst begun by ``receiveWithoutReadComplete(_:)`` and, unless told
    /// not to, lets the loop turn (its replies are flushed then).
    func endReadBurst(turningTheLoop: Bool = true) {
        channel.pipeline.syncOperations.fireChannelReadComplete()
        if turningTheLoop { channel.embeddedEventLoop.run() }
    }

    /// The client closes its sending side.
    func receiveEndOfInput() {
        channel.pipeline.syncOperations.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }

    /// Everything flushed to the client so far, as text.
    func sent() throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            text += String(buffer: buffer)
        }
        return text
    }

    /// Runs what the loop has queued for its next turn (scheduled flushes, deferred closes).
    func runLoop() {
        channel.embeddedEventLoop.run()
    }

    /// Whether the daemon has closed the connection.
    var isClosed: Bool { !channel.isActive }
}

extension ConnectionGuards {
    /// The guards of a daemon with the default bounds, logging to `logger`.
    static func forTests(logger: Logger, maximumTotalUnreadBytes: Int = 256 << 20, maximumWebConnections: Int = 256,
                         maximumUnservedWebConnections: Int = 64) -> ConnectionGuards {
        let refusals = RefusalLog(logger: logger)
        return ConnectionGuards(outputBudget: OutputBudget(maximumTotalBytes: maximumTotalUnreadBytes), refusals: refusals,
                                webConnections: WebConnectionLimiter(maximumConnections: maximumWebConnections,
                                                                     maximumUnservedConnections: maximumUnservedWebConnections,
                                                                     refusals: refusals))
    }
}
