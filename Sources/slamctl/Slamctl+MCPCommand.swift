import Dispatch
import SlamClient
import SlamConsole
import SlamMCP
import SlamProtocol
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `slamctl mcp`: a Model Context Protocol server on standard input and output, for AI agents.
    static let mcpCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "mcp", "Serve the Model Context Protocol on standard input and output: AI agents use the app through slam_ tools.",
            discussion: """
                An MCP server for one agent (an MCP client runs it as a command): newline-delimited JSON-RPC on \
                standard input and output, nothing else on standard output; messages go to standard error. It \
                drives the slamd at --socket ($SLAM_SOCKET, else the default socket), or with --launch a slamd of \
                its own: the one beside slamctl, else on PATH, on a private temporary socket, hosting the demo or \
                --storyboard FILE, given the options after -- (slamctl mcp --launch -- --log-level debug), and \
                stopped when slamctl mcp ends. It ends when standard input closes (after answering what it read), \
                or at SIGTERM or Ctrl-C. With --instance HANDLE the agent drives that instance of the daemon; with \
                --instance new an instance of its own, made when it starts and closed when it ends (slamctl instances). \
                Protocol revisions 2026-07-28 and the handshake of 2025-11-25, 2025-06-18 \
                and 2025-03-26 (docs/mcp.md). Exit status 3 when it cannot connect.
                """,
            arguments: [.init("slamd-options", help: "With --launch: more options for the slamd it starts, after --.", isRepeated: true)],
            options: [
                .init("launch", help: "Start a slamd of its own (the demo, or --storyboard FILE) and stop it on exit."),
                .init("storyboard", valueName: "FILE", help: "With --launch: the storyboard its slamd hosts instead of the demo."),
            ]
        ) { invocation in
            let line = invocation.line
            let launch = line.flag("launch")
            let storyboard = line.option("storyboard")
            let slamdOptions = line.repeatedArgument("slamd-options")
            if !launch {
                if storyboard != nil { throw UsageError("--storyboard goes with --launch (slamctl mcp --launch --storyboard FILE)", command: line.command) }
                if !slamdOptions.isEmpty { throw UsageError("options for slamd go with --launch (slamctl mcp --launch -- OPTION…)", command: line.command) }
            } else if line.option("socket") != nil {
                throw UsageError("--launch starts slamd on a socket of its own: leave out --socket", command: line.command)
            }
            let instance = try invocation.instanceChoice()
            // A client that stops reading must not kill slamctl before it stops its slamd.
            signal(SIGPIPE, SIG_IGN)
            // Blocked before any thread starts, so that every thread inherits the mask and only the waiter takes them.
            var stopSignals = sigset_t()
            sigemptyset(&stopSignals)
            for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
            pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
            let daemon = launch ? try LaunchedDaemon(storyboard: storyboard, arguments: slamdOptions) : nil
            defer { daemon?.stop() }
            let progress = ServingProgress()
            SignalWaiter.start(signals: stopSignals) { number in
                progress.stopping.store(true, ordering: .sequentiallyConsistent)
                daemon?.stop()
                // Ends as the signal would have ended it (the shell sees it).
                signal(number, SIG_DFL)
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, number)
                pthread_sigmask(SIG_UNBLOCK, &only, nil)
                raise(number)
            }
            let socketPath = daemon?.socketPath ?? invocation.socketPath
            try waitFor {
                let connection: AsyncSlamConnection
                do throws(ClientError) {
                    connection = try AsyncSlamConnection(socketPath: socketPath)
                } catch {
                    throw CannotConnect(path: socketPath, reason: error)
                }
                defer { connection.close() }
                // Before the session subscribes: everything it does belongs to that instance.
                if let instance { try await invocation.useInstance(instance, label: "slamctl mcp", on: connection) }
                let session = MCPSession(connection: connection)
                try await session.start()
                Output.error("slamctl mcp: serving MCP on standard input and output for the slamd at \(socketPath)")
                // A server whose app is gone serves nothing: it stops, and the agent's client shows it stopped.
                Task {
                    await session.ended()
                    guard !progress.served.load(ordering: .sequentiallyConsistent),
                          !progress.stopping.load(ordering: .sequentiallyConsistent) else { return }
                    Output.error("slamctl mcp: the slamd at \(socketPath) closed the connection; stopping")
                    daemon?.stop()
                    exit(1)
                }
                await MCPStandardIO().serve(MCPServer(session: session))
                progress.served.store(true, ordering: .sequentiallyConsistent)
                // The session's own instance (--instance new) ends with it; if slamctl is killed instead, slamd
                // closes it once idle (its creator, this connection, is gone).
                for handle in invocation.createdInstances.take() {
                    _ = try? await connection.send(InstanceCloseRequest(instance: handle))
                }
            }
        },
    ]

    /// Runs `body` on the async tasks' threads and waits here until it is done (a verb's action is synchronous).
    private static func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task {
            do {
                try await body()
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

/// A thread of its own that waits for blocked signals (`sigwait`) and runs a handler for the first
/// one: ordinary code, free to stop a child and remove files, unlike a signal handler.
private final class SignalWaiter: Sendable {
    private let signals: sigset_t
    private let handler: @Sendable (Int32) -> Void

    private init(signals: sigset_t, handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        self.handler = handler
    }

    /// Starts the thread; `signals` must be blocked in every thread already.
    static func start(signals: sigset_t, handler: @escaping @Sendable (Int32) -> Void) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(SignalWaiter(signals: signals, handler: handler)).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let waiter = Unmanaged<SignalWaiter>.fromOpaque(context!).takeRetainedValue()
            var signals = waiter.signals
            var number: Int32 = 0
            if sigwait(&signals, &number) == 0 { waiter.handler(number) }
            return nil
        }, context)
        if result == 0 { pthread_detach(thread) } else { Unmanaged<SignalWaiter>.fromOpaque(context).release() }
    }
}

/// How `slamctl mcp` is ending, so that losing the daemon connection is reported only when nothing
/// else explains it.
private final class ServingProgress: Sendable {
    /// The input ended and every answer is written: the connection closes as it should.
    let served = Atomic(false)
    /// A signal stops slamctl (and its slamd).
    let stopping = Atomic(false)
}
