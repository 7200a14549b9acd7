import ArgumentParser
import Logging
import SlamDaemon
import SlamProtocol
import SlamServer

/// The whole command line of a hosted program (slamd's, a developer's application's): the socket,
/// `Options` (the host's own), logging, every limit, `--web` and its company, traces; then
/// validation, the daemon's wiring, the ready lines and the exit statuses.
struct HostCommand<Options: HostOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        let host = HostDescription.current
        return CommandConfiguration(commandName: host.name, abstract: host.abstract, discussion: host.discussion,
                                    version: host.versionLine)
    }

    @Option(help: ArgumentHelp("The socket to listen on (default: $XDG_RUNTIME_DIR/slam/\(HostDescription.current.socketFileName), "
                               + "else /tmp/slam-$UID/\(HostDescription.current.socketFileName)).",
                             valueName: "PATH"), completion: .file())
    var socket: String?

    @OptionGroup var options: Options

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

    @Option(help: ArgumentHelp("Also serve the web UI, JSON-RPC over WebSocket (/rpc) and MCP over HTTP (/mcp) on [HOST:]PORT "
                               + "(HOST: 127.0.0.1; PORT 0: any free port).",
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

    @Flag(help: ArgumentHelp("With --web: every MCP session at /mcp drives an isolated instance of the application of its own, "
                             + "made when it starts and closed when it ends (default: they all drive main, as a person does)."))
    var mcpInstances = false

    @Option(help: ArgumentHelp("The most instances clients may have open besides main (instance.create); more are refused with -32017.",
                               valueName: "N"))
    var maxInstances: Int = ServiceLimits.defaultInstances

    @Option(help: ArgumentHelp("How long an instance stays open once the connection that made it has gone and no connection uses it, "
                               + "in seconds (0: until instance.close).", valueName: "SECONDS"))
    var instanceIdleTimeout: Int = SlamInstances.defaultIdleTimeoutMilliseconds / 1000

    /// The bounds the options above set.
    var serviceLimits: ServiceLimits {
        ServiceLimits(pendingWaitsPerConnection: maxPendingWaitsPerConnection, pendingWaits: maxPendingWaits,
                      registeredTasksPerConnection: maxRegisteredTasksPerConnection, registeredTasks: maxRegisteredTasks,
                      pendingPatternCharactersPerConnection: maxPendingPatternCharactersPerConnection,
                      pendingPatternCharacters: maxPendingPatternCharacters,
                      pendingPatternStepsPerConnection: maxPendingPatternStepsPerConnection, pendingPatternSteps: maxPendingPatternSteps,
                      heldRequestsPerConnection: maxHeldRequestsPerConnection, heldRequestBytes: maxHeldRequestBytes,
                      instances: maxInstances)
    }

    @Option(help: ArgumentHelp("Serve the web page from this directory instead of the one built in (for page development).",
                               valueName: "DIR"), completion: .directory)
    var webRoot: String?

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
        guard (0...100_000).contains(maxInstances) else { throw ValidationError("--max-instances must be between 0 and 100000") }
        guard (0...604_800).contains(instanceIdleTimeout) else { throw ValidationError("--instance-idle-timeout must be between 0 and 604800 seconds (a week)") }
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
        guard web != nil || (!webAllowRemote && webRoot == nil && webTokenFile == nil && !mcpInstances) else {
            throw ValidationError("--web-allow-remote, --web-root, --web-token-file and --mcp-instances go with --web [HOST:]PORT")
        }
        guard webTokenFile?.isEmpty != true else { throw ValidationError("--web-token-file needs a file") }
        guard (allowedUserIDs.isEmpty && !allowAnyUser) || socket != nil else {
            throw ValidationError("--allow-uid and --allow-any-user need --socket PATH in a directory the other users can reach "
                                  + "(the default socket's directory is private to you)")
        }
        try options.validateTogether()
    }
}
