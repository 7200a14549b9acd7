import Logging
import NIOCore
import SlamServer

/// The one door the libFuzzer target `FuzzWeb` (FuzzTesting/) has into the web
/// side of the daemon, which is otherwise internal: not API, hence `@_spi(Fuzzing)`.
///
/// It sets a channel up exactly as the `--web` listener sets up each connection
/// (``WebServer/configure(_:guards:makeSession:)``), so what the fuzzer feeds goes through
/// the real HTTP pipeline, the upgrade, the WebSocket handlers and a session.
@_spi(Fuzzing) public enum WebPipelineFuzzing {
    /// Configures `channel` as one connection to `slamd --web 127.0.0.1:PORT`, PORT
    /// being its local address's port (set it first: the access check reads it).
    /// Each WebSocket upgrade becomes a session, on the channel's loop, of the instances
    /// `instances` returns: it is asked at every upgrade, so an input that never
    /// upgrades costs no application (make them on the first call and keep them).
    /// The page is the one built into slamd; every log record is built, then dropped.
    ///
    /// - Parameter tokenBytes: the 32 bytes of the token; requests carry its hex form, which is returned.
    /// - Returns: the token as requests carry it (`Authorization: Bearer TOKEN`, `?token=TOKEN`).
    public static func configure(_ channel: Channel, tokenBytes: [UInt8], maximumMessageBytes: Int,
                                 maximumUnreadBytes: Int, instances: @escaping () -> SlamInstances) throws -> String {
        let logger = Logger(label: "slamd.fuzz") { _ in MessageLogHandler { _ in } }
        let port = channel.localAddress?.port ?? 0
        let token = WebToken(bytes: tokenBytes)
        let server = try WebServer(configuration: WebConfiguration(address: WebAddress(host: "127.0.0.1", port: port)),
                                   maximumMessageBytes: maximumMessageBytes, maximumUnreadBytes: maximumUnreadBytes,
                                   token: token, logger: logger)
        let refusals = RefusalLog(logger: logger)
        let guards = ConnectionGuards(outputBudget: OutputBudget(maximumTotalBytes: 4 * maximumUnreadBytes), refusals: refusals,
                                      webConnections: WebConnectionLimiter(maximumConnections: 256, maximumUnservedConnections: 64,
                                                                           refusals: refusals))
        let sessions = NIOLoopBound(Sessions(instances: instances, refusals: refusals), eventLoop: channel.eventLoop)
        try server.configure(channel, guards: guards) { _ in
            sessions.value.count += 1
            return SessionHandler(instances: sessions.value.instances(), registry: ConnectionRegistry(),
                                  identifier: sessions.value.count, peerUserID: nil, refusals: sessions.value.refusals,
                                  logger: logger)
        }
        return token.description
    }

    /// A scheduler for `service`'s `waitFor` timeouts on `loop`, as the daemon's.
    public static func scheduler(on loop: EventLoop) -> Scheduler {
        EventLoopScheduler(eventLoop: loop)
    }

    /// What the upgrades of one connection share; it stays on the channel's loop.
    private final class Sessions {
        let instances: () -> SlamInstances
        let refusals: RefusalLog
        var count = 0

        init(instances: @escaping () -> SlamInstances, refusals: RefusalLog) {
            self.instances = instances
            self.refusals = refusals
        }
    }
}
