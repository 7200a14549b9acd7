import ArgumentParser
import Logging
import SlamDaemon
import SlamDemo
import SlamProtocol
import SlamServer
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
            With --web, also serves the web UI and JSON-RPC over WebSocket on a loopback TCP port, and prints \
            its URL (with the token every request needs; also in SOCKET.web, 0600; `slamctl open` prints it). \
            SIGTERM or SIGINT finishes in-flight work, closes clients, removes the socket and exits: 0 after SIGTERM, \
            130 after SIGINT (Ctrl-C), as an interrupted command. \
            With --check FILE, only checks a storyboard and exits ("Storyboard checks" in the protocol: Protocol/README.md, installed as PREFIX/share/doc/slam/protocol.md).
            """,
        version: SlamVersion.line(for: "slamd"))

    @Option(help: ArgumentHelp("The socket to listen on (default: $XDG_RUNTIME_DIR/slam/slamd.sock, else /tmp/slam-$UID/slamd.sock).",
                             valueName: "PATH"), completion: .file())
    var socket: String?

    @Option(help: ArgumentHelp("Host this storyboard instead of the demo app (storyboard-only: tasks, autoUI, push/pop).",
                             valueName: "FILE"), completion: .file(extensions: ["json"]))
    var storyboard: String?

    @Option(help: ArgumentHelp("Check this storyboard as --storyboard would host it, print each problem, and exit "
                               + "without serving: 0 when there is no error, 1 otherwise.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var check: String?

    @Flag(help: "Treat storyboard warnings as errors (with --check or --storyboard).")
    var strict = false

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "LEVEL"),
            completion: .list(["trace", "debug", "info", "notice", "warning", "error", "critical"]))
    var logLevel: String = "info"

    @Option(help: ArgumentHelp("The largest message a client may send, in bytes.", valueName: "BYTES"))
    var maxMessageBytes: Int = 16 << 20

    @Option(help: ArgumentHelp("Output a client may leave unread before it is disconnected, in bytes.", valueName: "BYTES"))
    var maxUnreadBytes: Int = 64 << 20

    @Option(help: ArgumentHelp("Output all clients together may leave unread before the one with the most is disconnected, in bytes.",
                               valueName: "BYTES"))
    var maxTotalUnreadBytes: Int = 256 << 20

    @Option(help: ArgumentHelp("Plain HTTP connections --web keeps open at once; a new one past it closes the oldest.",
                               valueName: "COUNT"))
    var maxWebConnections: Int = 256

    @Option(help: ArgumentHelp("HTTP connections that have not yet sent a whole request; a new one past it closes the oldest.",
                               valueName: "COUNT"))
    var maxWebUnserved: Int = 64

    @Option(name: .customLong("allow-uid"), help: ArgumentHelp("Also accept peers of this user id (repeatable; needs --socket "
                                                               + "in a directory they can reach: the socket is then made 0666 "
                                                               + "and each peer's uid checked).", valueName: "UID"))
    var allowedUserIDs: [UInt32] = []

    @Flag(help: "Accept peers of any user id (needs --socket in a directory they can reach; the socket is made 0666).")
    var allowAnyUser = false

    @Option(help: ArgumentHelp("Also serve the web UI and JSON-RPC over WebSocket on [HOST:]PORT (HOST: 127.0.0.1; PORT 0: any free port).",
                               valueName: "[HOST:]PORT"),
            transform: { text in
                do { return try WebAddress(parsing: text) } catch { throw ValidationError(String(describing: error)) }
            })
    var web: WebAddress?

    @Flag(help: "Let --web listen on an address that is not loopback (the token is then the only protection, unencrypted).")
    var webAllowRemote = false

    @Option(help: ArgumentHelp("Keep the web token in this file across restarts, so an open page reconnects by itself (for development): "
                               + "created 0600 with a new token when missing, read when present; refused when it is a symbolic link, "
                               + "another user's, or others may read or write it.", valueName: "PATH"), completion: .file())
    var webTokenFile: String?

    @Option(help: ArgumentHelp("How long a client may take to answer a task it registered (tasks.register without timeoutMs) "
                               + "before what ran the task fails, in milliseconds.", valueName: "MS"))
    var taskTimeoutMs: Int = TasksRegisterRequest.defaultTimeoutMilliseconds

    @Option(help: ArgumentHelp("Where trace.start creates its files (made 0700; refused when it is another user's or not a directory; "
                               + "default: $XDG_STATE_HOME/slam/traces, else ~/.local/state/slam/traces, else beside the socket).",
                               valueName: "DIR"), completion: .directory)
    var traceDir: String?
    @Option(help: ArgumentHelp("The most waitFor requests and actions waiting for their element (timeoutMs) one connection may have "
                               + "pending; more are refused with -32017.", valueName: "N"))
    var maxPendingWaitsPerConnection: Int = ServiceLimits.defaultPendingWaitsPerConnection

    @Option(help: ArgumentHelp("The most waitFor requests and waiting actions all connections together may have pending; "
                               + "more are refused with -32017 (every UI change judges each one).", valueName: "N"))
    var maxPendingWaits: Int = ServiceLimits.defaultPendingWaits

    @Option(help: ArgumentHelp("The most task names one connection may register (tasks.register); more are refused with -32017.",
                               valueName: "N"))
    var maxRegisteredTasksPerConnection: Int = ServiceLimits.defaultRegisteredTasksPerConnection

    @Option(help: ArgumentHelp("The most task names all connections together may register; more are refused with -32017.",
                               valueName: "N"))
    var maxRegisteredTasks: Int = ServiceLimits.defaultRegisteredTasks

    @Option(help: ArgumentHelp("The most characters of regular expressions (textMatches, template /…/ strings) one connection's "
                               + "pending waits may hold; more are refused with -32017.", valueName: "N"))
    var maxPendingPatternCharactersPerConnection: Int = ServiceLimits.defaultPendingPatternCharactersPerConnection

    @Option(help: ArgumentHelp("The most characters of regular expressions all pending waits together may hold "
                               + "(about half a kilobyte each, compiled); more are refused with -32017.", valueName: "N"))
    var maxPendingPatternCharacters: Int = ServiceLimits.defaultPendingPatternCharacters

    @Option(help: ArgumentHelp("The most steps the regular expressions of one connection's pending waits may take on a text, "
                               + "worst case, added up (each change judges them all); more are refused with -32017.", valueName: "N"))
    var maxPendingPatternStepsPerConnection: Int = ServiceLimits.defaultPendingPatternStepsPerConnection

    @Option(help: ArgumentHelp("The same for all pending waits together; more are refused with -32017.", valueName: "N"))
    var maxPendingPatternSteps: Int = ServiceLimits.defaultPendingPatternSteps

    @Option(help: ArgumentHelp("The most requests one connection may send behind its own pending ones (a wait, an action "
                               + "waiting for its element, a press whose task a client runs), held until those are answered; "
                               + "more are refused with -32017.", valueName: "N"))
    var maxHeldRequestsPerConnection: Int = ServiceLimits.defaultHeldRequestsPerConnection

    @Option(help: ArgumentHelp("The most bytes of such held requests all connections together may have; more are refused with -32017.",
                               valueName: "BYTES"))
    var maxHeldRequestBytes: Int = ServiceLimits.defaultHeldRequestBytes

    /// The bounds the options above set.
    var serviceLimits: ServiceLimits {
        ServiceLimits(pendingWaitsPerConnection: maxPendingWaitsPerConnection, pendingWaits: maxPendingWaits,
                      registeredTasksPerConnection: maxRegisteredTasksPerConnection, registeredTasks: maxRegisteredTasks,
                      pendingPatternCharactersPerConnection: maxPendingPatternCharactersPerConnection,
                      pendingPatternCharacters: maxPendingPatternCharacters,
                      pendingPatternStepsPerConnection: maxPendingPatternStepsPerConnection, pendingPatternSteps: maxPendingPatternSteps,
                      heldRequestsPerConnection: maxHeldRequestsPerConnection, heldRequestBytes: maxHeldRequestBytes)
    }

    @Option(help: ArgumentHelp("Serve the web page from this directory instead of the one built in (for page development).",
                               valueName: "DIR"), completion: .directory)
    var webRoot: String?

    /// Runs slamd with the exit statuses every Slam command uses: 0 ok, 1 it could not do its work
    /// (the socket is taken, the storyboard is refused), 2 usage (swift-argument-parser's own is 64).
    static func main() {
        do {
            var command = try parseAsRoot(checkArguments(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let standardError = Array((fullMessage(for: error) + "\n").utf8)
                _ = standardError.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    /// `arguments` with `--check --strict FILE` read as `--check FILE --strict`: both orders are
    /// written (the docs, habit), and swift-argument-parser would take `--strict` for the missing FILE.
    static func checkArguments(_ arguments: [String]) -> [String] {
        var arguments = arguments
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if let check = arguments[..<end].firstIndex(of: "--check"), check + 2 < end, arguments[check + 1] == "--strict",
           !arguments[check + 2].hasPrefix("-") {
            arguments.swapAt(check + 1, check + 2)
        }
        return arguments
    }

    @Option(help: .hidden)
    var generateManual: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        guard maxMessageBytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
        guard maxUnreadBytes >= 1024 else { throw ValidationError("--max-unread-bytes must be at least 1024") }
        guard maxTotalUnreadBytes >= maxUnreadBytes else {
            throw ValidationError("--max-total-unread-bytes must be at least --max-unread-bytes (\(maxUnreadBytes))")
        }
        guard maxWebConnections >= 1, (1...maxWebConnections).contains(maxWebUnserved) else {
            throw ValidationError("--max-web-connections must be at least 1, and --max-web-unserved between 1 and it")
        }
        guard (1...600_000).contains(taskTimeoutMs) else { throw ValidationError("--task-timeout-ms must be between 1 and 600000") }
        guard traceDir?.isEmpty != true else { throw ValidationError("--trace-dir needs a directory") }
        for (option, value) in [("--max-pending-waits-per-connection", maxPendingWaitsPerConnection), ("--max-pending-waits", maxPendingWaits),
                                ("--max-registered-tasks-per-connection", maxRegisteredTasksPerConnection),
                                ("--max-registered-tasks", maxRegisteredTasks),
                                ("--max-pending-pattern-characters-per-connection", maxPendingPatternCharactersPerConnection),
                                ("--max-pending-pattern-characters", maxPendingPatternCharacters),
                                ("--max-pending-pattern-steps-per-connection", maxPendingPatternStepsPerConnection),
                                ("--max-pending-pattern-steps", maxPendingPatternSteps),
                                ("--max-held-requests-per-connection", maxHeldRequestsPerConnection),
                                ("--max-held-request-bytes", maxHeldRequestBytes)] where !(1...1_000_000_000).contains(value) {
            throw ValidationError("\(option) must be between 1 and 1000000000")
        }
        guard maxPendingWaitsPerConnection <= maxPendingWaits, maxRegisteredTasksPerConnection <= maxRegisteredTasks,
              maxPendingPatternCharactersPerConnection <= maxPendingPatternCharacters,
              maxPendingPatternStepsPerConnection <= maxPendingPatternSteps else {
            throw ValidationError("a --max-…-per-connection bound cannot be larger than the daemon's "
                                  + "(--max-pending-waits, --max-registered-tasks, --max-pending-pattern-characters, --max-pending-pattern-steps)")
        }
        guard web != nil || (!webAllowRemote && webRoot == nil && webTokenFile == nil) else {
            throw ValidationError("--web-allow-remote, --web-root and --web-token-file go with --web [HOST:]PORT")
        }
        guard webTokenFile?.isEmpty != true else { throw ValidationError("--web-token-file needs a file") }
        guard (allowedUserIDs.isEmpty && !allowAnyUser) || socket != nil else {
            throw ValidationError("--allow-uid and --allow-any-user need --socket PATH in a directory the other users can reach "
                                  + "(the default socket's directory is private to you)")
        }
        guard check == nil || storyboard == nil else { throw ValidationError("--check FILE checks without serving: leave out --storyboard") }
        guard !strict || check != nil || storyboard != nil else { throw ValidationError("--strict goes with --check FILE or --storyboard FILE") }
    }

    func run() throws {
        if let date = generateManual {
            print(try Self.manualPage(date: date).source, terminator: "")
            return
        }
        if let check {
            let result = StoryboardFileCheck(path: check, strict: strict)
            for line in result.lines { print(line) }
            throw ExitCode(result.passed ? 0 : 1)
        }
        let level = Logger.Level(rawValue: logLevel)!
        let forwarder = LogForwarder()
        LoggingSystem.bootstrap { label in
            // Standard error through a buffer a thread of its own drains: logging never blocks the event loop.
            var handler = MultiplexLogHandler([StreamLogHandler(label: label, stream: StandardErrorStream.shared),
                                               forwarder.handler(label: label)])
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "slamd")
        var configuration = DaemonConfiguration(socketPath: socket, maximumMessageBytes: maxMessageBytes,
                                                maximumUnreadBytes: maxUnreadBytes, maximumTotalUnreadBytes: maxTotalUnreadBytes,
                                                allowedUserIDs: Set(allowedUserIDs),
                                                allowsAnyUser: allowAnyUser, logLevel: level,
                                                web: web.map { WebConfiguration(address: $0, allowsRemote: webAllowRemote, rootDirectory: webRoot,
                                                                                 maximumConnections: maxWebConnections,
                                                                                 maximumUnservedConnections: maxWebUnserved,
                                                                                 tokenFile: webTokenFile) },
                                                taskTimeoutMilliseconds: taskTimeoutMs, traceDirectory: traceDir)
        let storyboardPath = storyboard, strict = strict
        configuration.serviceLimits = serviceLimits
        let daemon = SlamDaemon(configuration: configuration, logger: logger, logForwarder: forwarder) {
            guard let storyboardPath else { return try DemoApp.makeApplication() }
            return try Storyboard.makeApplication(contentsOf: storyboardPath, strict: strict) { logger.warning("\($0.formatted(file: storyboardPath))") }
        }
        do {
            // Straight to fd 1, unbuffered: a launcher waits for these lines.
            try daemon.run(ready: { path in Self.printLine("slamd listening on \(path)") },
                           webReady: { url in Self.printLine("slamd web UI at \(url)") })
        } catch {
            logger.critical("\(error)")
            StandardErrorStream.shared.flush()
            throw ExitCode(1)
        }
        StandardErrorStream.shared.flush()
        // Interrupted (Ctrl-C) as every long-running Slam command reports it; SIGTERM is a clean stop.
        if daemon.stoppingSignal == SIGINT { throw ExitCode(128 + SIGINT) }
    }

    private static func printLine(_ text: String) {
        // The log records written so far go first: one who reads both outputs together (a launcher
        // with 2>&1) sees them in the order they happened, the ready lines adjacent and last.
        StandardErrorStream.shared.flush()
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
