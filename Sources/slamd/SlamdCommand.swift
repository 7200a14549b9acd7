import ArgumentParser
import Logging
import SlamDaemon
import SlamDemo
import SlamStoryboard
#if canImport(Glibc)
import Glibc
#endif

/// `slamd`: hosts the demo app (or a storyboard) and serves it on a Unix socket.
@main
struct SlamdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slamd",
        abstract: "Host a headless Slam UI and serve it over JSON-RPC 2.0 on a Unix domain socket.",
        discussion: """
            Without --storyboard, hosts the built-in demo app. Prints the socket path once it listens. \
            SIGTERM or SIGINT finishes in-flight work, closes clients, removes the socket and exits 0.
            """)

    @Option(help: "The socket to listen on (default: $XDG_RUNTIME_DIR/slam/slamd.sock, else /tmp/slam-$UID/slamd.sock).")
    var socket: String?

    @Option(help: "Host this storyboard instead of the demo app (storyboard-only: tasks, autoUI, push/pop).")
    var storyboard: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(help: "The largest message a client may send, in bytes.")
    var maxMessageBytes: Int = 16 << 20

    @Option(help: "Output a client may leave unread before it is disconnected, in bytes.")
    var maxUnreadBytes: Int = 64 << 20

    @Option(name: .customLong("allow-uid"), help: "Also accept peers of this user id (repeatable).")
    var allowedUserIDs: [UInt32] = []

    @Flag(help: "Accept peers of any user id.")
    var allowAnyUser = false

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
        guard maxUnreadBytes >= 1024 else { throw ValidationError("--max-unread-bytes must be at least 1024") }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel)!
        let forwarder = LogForwarder()
        LoggingSystem.bootstrap { label in
            var handler = MultiplexLogHandler([StreamLogHandler.standardError(label: label), forwarder.handler(label: label)])
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "slamd")
        let configuration = DaemonConfiguration(socketPath: socket, maximumMessageBytes: maxMessageBytes,
                                                maximumUnreadBytes: maxUnreadBytes, allowedUserIDs: Set(allowedUserIDs),
                                                allowsAnyUser: allowAnyUser, logLevel: level)
        let storyboardPath = storyboard
        let daemon = SlamDaemon(configuration: configuration, logger: logger, logForwarder: forwarder) {
            if let storyboardPath { try Storyboard.makeApplication(contentsOf: storyboardPath) } else { try DemoApp.makeApplication() }
        }
        do {
            try daemon.run { path in
                // Straight to fd 1, unbuffered: a launcher waits for this line.
                let line = Array("slamd listening on \(path)\n".utf8)
                _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            }
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
    }
}
