import Logging
import SlamProtocol
import SlamServer

/// Everything `slamd` can be told on its command line, with the defaults a user gets.
public struct DaemonConfiguration: Sendable {
    /// Where to listen; nil means ``defaultSocketName`` in ``SocketLocation/defaultDirectory()``.
    public var socketPath: String?
    /// The socket's name in the default directory when ``socketPath`` is nil: `slamd.sock` for slamd,
    /// `NAME.sock` for an application hosted by `SlamHost`, so the two never take each other's.
    public var defaultSocketName = "slamd.sock"
    /// The largest message accepted from a client, in bytes.
    public var maximumMessageBytes: Int
    /// Replies and notifications a client may leave unread before it is cut off, in bytes.
    public var maximumUnreadBytes: Int
    /// Output all clients together may leave unread before the one with the most is cut off, in bytes.
    public var maximumTotalUnreadBytes: Int
    /// User ids other than the daemon's own that may connect.
    public var allowedUserIDs: Set<UInt32>
    /// Accept peers of any user id (only for sockets in a directory others cannot reach).
    public var allowsAnyUser: Bool
    public var logLevel: Logger.Level
    /// Also serve the web UI and JSON-RPC over WebSocket (`--web`); nil: the socket only.
    public var web: WebConfiguration?
    /// How long a client may take to answer `task.run` when its `tasks.register` gave no timeout.
    public var taskTimeoutMilliseconds: Int
    /// Where `trace.start` creates its files (`--trace-dir`); nil means
    /// ``SocketLocation/defaultTraceDirectory(socketPath:)``.
    public var traceDirectory: String?
    /// Pending waits and registered task names clients may make the service hold, per connection and in all.
    public var serviceLimits: ServiceLimits = ServiceLimits()
    /// How long an instance made by a connection that has gone stays open unused (nil: until `instance.close`).
    public var instanceIdleTimeoutMilliseconds: Int? = SlamInstances.defaultIdleTimeoutMilliseconds

    /// The socket the daemon listens on: ``socketPath``, else ``defaultSocketName`` in the default directory.
    public var resolvedSocketPath: String {
        socketPath ?? SocketLocation.defaultDirectory() + "/" + defaultSocketName
    }

    public init(socketPath: String? = nil, maximumMessageBytes: Int = 16 << 20, maximumUnreadBytes: Int = 64 << 20,
                maximumTotalUnreadBytes: Int = 256 << 20,
                allowedUserIDs: Set<UInt32> = [], allowsAnyUser: Bool = false, logLevel: Logger.Level = .info,
                web: WebConfiguration? = nil, taskTimeoutMilliseconds: Int = TasksRegisterRequest.defaultTimeoutMilliseconds,
                traceDirectory: String? = nil) {
        self.socketPath = socketPath
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumUnreadBytes = maximumUnreadBytes
        self.maximumTotalUnreadBytes = maximumTotalUnreadBytes
        self.allowedUserIDs = allowedUserIDs
        self.allowsAnyUser = allowsAnyUser
        self.logLevel = logLevel
        self.web = web
        self.taskTimeoutMilliseconds = taskTimeoutMilliseconds
        self.traceDirectory = traceDirectory
    }
}
