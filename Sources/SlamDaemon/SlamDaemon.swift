import CMemoryTuning
import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SlamServer
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The daemon: a Unix-socket JSON-RPC server hosting one application, and with
/// ``DaemonConfiguration/web`` the web UI and JSON-RPC over WebSocket (``WebServer``).
///
/// The application and the protocol service live on one event loop; every
/// connection, socket or WebSocket, runs on that same loop, so requests from all
/// clients are handled one at a time, in arrival order, without locks or task hops.
///
/// ```swift
/// let daemon = SlamDaemon(configuration: DaemonConfiguration(), logger: logger) { try DemoApp.makeApplication() }
/// try daemon.run()   // returns after SIGTERM/SIGINT, socket unlinked
/// ```
public final class SlamDaemon: Sendable {
    /// Creates the hosted application; called once, on the daemon's event loop.
    public typealias ApplicationFactory = @Sendable () throws -> Application

    public let configuration: DaemonConfiguration
    private let logger: Logger
    private let makeApplication: ApplicationFactory
    private let otherApplications: DaemonApplications
    private let logForwarder: LogForwarder?
    /// How ``stop()`` reaches a running daemon: set while `run` serves.
    private let stopRequest = NIOLockedValueBox(StopRequest())

    /// - Parameters:
    ///   - makeApplication: the application served (the `main` instance), made again on `reset`.
    ///   - otherApplications: what clients may make instances of besides it (`instance.create`).
    public init(configuration: DaemonConfiguration, logger: Logger, logForwarder: LogForwarder? = nil,
                makeApplication: @escaping ApplicationFactory, otherApplications: DaemonApplications = DaemonApplications()) {
        self.configuration = configuration
        self.logger = logger
        self.logForwarder = logForwarder
        self.makeApplication = makeApplication
        self.otherApplications = otherApplications
    }

    /// The socket path this daemon uses.
    public var socketPath: String {
        configuration.resolvedSocketPath
    }

    /// Listens until SIGTERM or SIGINT (or ``stop()``), then finishes what is in
    /// flight, closes every client, unlinks the socket and returns.
    ///
    /// - Parameters:
    ///   - ownsProcess: false when the daemon runs inside another program (a test
    ///     harness): then it leaves process-wide state alone — it catches no signals
    ///     (only ``stop()`` ends it) and does not narrow the umask while binding, which
    ///     would leak into files and children the host creates meanwhile. The socket
    ///     is still made 0600 right after binding; keep it in a private directory.
    ///   - ready: called with the socket path once clients can connect.
    ///   - webReady: with `--web`, called after `ready` with the web UI's URL, token
    ///     included (also written to `SOCKET.web`; keep it out of logs).
    public func run(ownsProcess: Bool = true, ready: @Sendable (String) -> Void = { _ in },
                    webReady: @Sendable (String) -> Void = { _ in }) throws {
        let path = socketPath
        // Checked before anything is created: a refused --web leaves nothing behind.
        let web = try configuration.web.map { web throws(DaemonError) in
            try WebServer(configuration: web, maximumMessageBytes: configuration.maximumMessageBytes,
                          maximumUnreadBytes: configuration.maximumUnreadBytes, logger: logger)
        }
        if configuration.socketPath == nil {
            try SocketLocation.prepareDirectory(SocketLocation.defaultDirectory())
        }
        let othersMayConnect = configuration.allowsAnyUser || !configuration.allowedUserIDs.isEmpty
        if othersMayConnect { try SocketLocation.checkReachableByOthers(socketPath: path) }
        let traceDirectory: String
        if let explicit = configuration.traceDirectory {
            traceDirectory = try SocketLocation.prepareTraceDirectory(explicit)
        } else {
            let chosen = SocketLocation.defaultTraceDirectory(socketPath: path)
            if let problem = chosen.problem { logger.notice("traces go beside the socket, in \(chosen.path): \(problem)") }
            traceDirectory = chosen.path
        }
        let lock = try SocketLock(socketPath: path)
        // We hold the lock, so a socket file here belongs to a daemon that is gone.
        if unlink(path) == 0 { logger.notice("replaced a stale socket at \(path)") }

        // SIGTERM and SIGINT reach the daemon only through its Dispatch signal sources,
        // which read them from a signalfd: the signals must be blocked in every thread,
        // or the kernel may hand one to a thread that ignores it and it is lost (slamd
        // then never stopped, about once in 40 starts). Threads inherit the mask, so
        // it is set before the event loop's thread exists.
        if ownsProcess {
            Self.blockTerminationSignals()
            // A daemon every local client may connect to uses every descriptor it may (1,024 is a common soft limit).
            let limit = DescriptorLimit.raiseToHardLimit()
            logger.debug("file descriptor limit: \(limit)")
            // A whole screen's tree is a few buffers of megabytes (the text, the reply around it, the socket's
            // copy). Mapped afresh for every reply and unmapped when freed, they cost a page fault per 4 KB,
            // which took ten times longer than writing the text: up to 32 MB freed stays for the next reply.
            slam_keep_freed_memory(32 << 20, 32 << 20)
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()

        let state = try loop.submit { [configuration, logger, makeApplication, otherApplications, path, traceDirectory] in
            // Wrapped one by one: a dictionary of @Sendable closures does not convert to one of plain closures.
            let applications = SlamInstances.Applications(launched: makeApplication,
                                                          named: otherApplications.named.mapValues { make in { try make() } },
                                                          storyboard: otherApplications.storyboard.map { load in { try load($0) } })
            let service = try SlamInstances(applications: applications, scheduler: EventLoopScheduler(eventLoop: loop),
                                            configuration: .init(maximumMessageBytes: configuration.maximumMessageBytes,
                                                                 transports: configuration.web == nil ? ["unix"] : ["unix", "websocket"],
                                                                 traceDirectory: traceDirectory,
                                                                 traceNamePrefix: SocketLocation.traceNamePrefix(socketPath: path),
                                                                 taskTimeoutMilliseconds: configuration.taskTimeoutMilliseconds,
                                                                 limits: configuration.serviceLimits),
                                            idleTimeoutMilliseconds: configuration.instanceIdleTimeoutMilliseconds)
            let refusals = RefusalLog(logger: logger)
            let guards = ConnectionGuards(
                outputBudget: OutputBudget(maximumTotalBytes: configuration.maximumTotalUnreadBytes),
                refusals: refusals,
                webConnections: WebConnectionLimiter(maximumConnections: configuration.web?.maximumConnections ?? 0,
                                                     maximumUnservedConnections: configuration.web?.maximumUnservedConnections ?? 0,
                                                     refusals: refusals))
            return NIOLoopBound(DaemonState(instances: service, guards: guards, logger: logger), eventLoop: loop)
        }.wait()
        logForwarder?.connect(loop: loop, state: state)
        // On every way out, a start refused included: a record logged after the loop is gone must not be handed to it.
        defer { logForwarder?.disconnect() }

        // Signals are caught before the socket exists: one that arrives as soon as a
        // launcher sees the socket must not be lost (or kill us uncleanly).
        let shutdown = loop.makePromise(of: Void.self)
        let beginShutdown: @Sendable (String) -> Void = { [logger] reason in
            loop.execute {
                logger.info("\(reason): shutting down")
                Self.shutDown(state: state, completion: shutdown)
            }
        }
        let signals = ownsProcess ? installSignalHandlers { [stopRequest] number, name in
            stopRequest.withLockedValue { $0.signal = $0.signal ?? number }
            beginShutdown("received \(name)")
        } : []
        defer { Self.cancel(signals) }
        let stoppedEarly = stopRequest.withLockedValue { request in
            request.action = { beginShutdown("asked to stop") }
            return request.isRequested
        }
        defer { stopRequest.withLockedValue { $0.action = nil } }
        if stoppedEarly { beginShutdown("asked to stop") }

        let serverChannel: Channel
        do {
            // The socket is created 0600, never briefly wider (umask is process-wide: only when the process is ours).
            let previousMask = ownsProcess ? umask(0o177) : nil
            defer { if let previousMask { umask(previousMask) } }
            serverChannel = try ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.backlog, value: 256)
                .serverChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(DescriptorReserveHandler(guards: state.value.guards))
                    }
                }
                // A client that half-closes after its requests (socat, `nc -N`, a shell pipe) still gets its replies.
                .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
                .childChannelInitializer { [configuration, logger] channel in
                    self.accept(channel, state: state, configuration: configuration, logger: logger)
                }
                .bind(unixDomainSocketPath: path)
                .wait()
        } catch {
            try? loop.submit { state.value.complete(shutdown) }.wait()
            throw error
        }
        try loop.submit { state.value.serverChannel = serverChannel }.wait()
        // Other users get in only when told (--allow-uid, --allow-any-user); their uid is still checked at each connection.
        if chmod(path, othersMayConnect ? 0o666 : 0o600) != 0 {
            let code = errno
            try? loop.submit { state.value.complete(shutdown) }.wait()
            throw DaemonError.system(call: "chmod", path: path, errno: code)
        }
        var webURL: (url: String, file: WebURLFile)?
        if let web {
            do {
                webURL = try serveWeb(web, state: state, socketPath: path)
            } catch {
                serverChannel.close(promise: nil)
                unlink(path)
                try? loop.submit { state.value.complete(shutdown) }.wait()
                throw error
            }
        }
        logger.info("listening on \(path)")
        ready(path)
        if let webURL { webReady(webURL.url) }

        try shutdown.futureResult.wait()
        unlink(path)
        webURL?.file.remove()
        // Also keeps the lock alive until here; a start refused after taking it lets it go (and the file) as it unwinds.
        lock.release()
        logger.info("stopped")
    }

    /// Binds the web listener; returns its URL and the file that holds it.
    private func serveWeb(_ web: WebServer, state: NIOLoopBound<DaemonState>,
                          socketPath: String) throws -> (url: String, file: WebURLFile) {
        let channel: Channel
        do {
            let guards = try state.eventLoop.submit { NIOLoopBound(state.value.guards, eventLoop: state.eventLoop) }.wait()
            channel = try web.bind(on: state.eventLoop, guards: guards) { [logger] _ in
                let state = state.value
                guard !state.isShuttingDown else { return nil }
                state.nextConnectionIdentifier += 1
                return SessionHandler(instances: state.instances, registry: state.registry,
                                      identifier: state.nextConnectionIdentifier, peerUserID: nil,
                                      refusals: state.guards.refusals, logger: logger)
            }
        } catch {
            throw DaemonError.webUnavailable("cannot listen on --web \(configuration.web?.address.description ?? ""): "
                                             + Self.describeBindFailure(error, port: web.address.port ?? 0))
        }
        try state.eventLoop.submit { state.value.webServerChannel = channel }.wait()
        let port = channel.localAddress?.port ?? 0
        do {
            let file = try WebURLFile(socketPath: socketPath, url: web.url(port: port))
            // The token stays out of the log: log records also go to subscribed clients.
            logger.info("web UI on http://\(web.urlHost):\(port)/")
            return (web.url(port: port), file)
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    /// Why the web listener could not bind, in the words a person acts on.
    static func describeBindFailure(_ error: Error, port: Int) -> String {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE: "port \(port) is in use (try --web 0 or another port)"
        case EACCES: "port \(port) needs privileges this process does not have (try a port above 1023, or --web 0)"
        case EADDRNOTAVAIL: "this machine has no such address"
        default: "\(error)"
        }
    }

    /// The signal that began the shutdown `run` returned from (SIGINT, SIGTERM); nil when ``stop()`` did, or before.
    /// `slamd` exits 130 after SIGINT, as an interrupted command does, and 0 after SIGTERM, a service manager's stop.
    public var stoppingSignal: Int32? { stopRequest.withLockedValue(\.signal) }

    /// Shuts down as SIGTERM would: `run` returns once every client is closed.
    /// Safe from any thread, before or during `run`.
    public func stop() {
        let action = stopRequest.withLockedValue { request in
            request.isRequested = true
            return request.action
        }
        action?()
    }

    private func accept(_ channel: Channel, state: NIOLoopBound<DaemonState>, configuration: DaemonConfiguration,
                        logger: Logger) -> EventLoopFuture<Void> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(PeerRefused(userID: nil))
        }
        let credentials: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return credentials.flatMapThrowing { credentials in
            let uid = credentials.uid
            let state = state.value
            guard configuration.allowsAnyUser || uid == getuid() || configuration.allowedUserIDs.contains(uid) else {
                state.guards.refusals.log("peers refused", level: .warning, on: channel.eventLoop,
                                          "refused a peer of uid \(uid) (pid \(credentials.pid)): only uid \(getuid()) may connect")
                throw PeerRefused(userID: uid)
            }
            state.nextConnectionIdentifier += 1
            try channel.pipeline.syncOperations.addHandlers(
                Self.connectionHandlers(instances: state.instances, registry: state.registry,
                                        identifier: state.nextConnectionIdentifier, peerUserID: uid,
                                        configuration: configuration, guards: state.guards, logger: logger))
        }
    }

    /// The pipeline of one client connection, head first.
    ///
    /// The output limit sits at the head, where every byte sent passes; the encoder
    /// next to it: outbound writes from the session and the decoder's framing event
    /// both travel towards the head, so both reach it.
    static func connectionHandlers(instances: SlamInstances, registry: ConnectionRegistry, identifier: Int,
                                   peerUserID: UInt32?, configuration: DaemonConfiguration, guards: ConnectionGuards,
                                   logger: Logger) -> [ChannelHandler] {
        [
            OutputLimitHandler(maximumUnreadBytes: configuration.maximumUnreadBytes, budget: guards.outputBudget,
                               refusals: guards.refusals),
            FrameEncodingHandler(),
            FrameDecodingHandler(maximumMessageBytes: configuration.maximumMessageBytes),
            SessionHandler(instances: instances, registry: registry, identifier: identifier, peerUserID: peerUserID,
                           refusals: guards.refusals, logger: logger),
        ]
    }

    /// Stops accepting, answers pending waits, flushes and closes every client, then completes.
    private static func shutDown(state boundState: NIOLoopBound<DaemonState>, completion: EventLoopPromise<Void>) {
        let state = boundState.value
        guard !state.isShuttingDown else { return }
        state.isShuttingDown = true
        let loop = boundState.eventLoop
        guard let server = state.serverChannel else {
            // Not listening yet: stop as soon as the bind finishes.
            state.complete(completion)
            return
        }
        server.close(promise: nil)
        state.webServerChannel?.close(promise: nil)
        state.instances.shutDown()
        let closes = state.registry.channels.values.map { channel in
            // Each session sends what it owes, whole, then closes: nothing is half-sent.
            if let session = try? channel.pipeline.syncOperations.handler(type: SessionHandler.self) {
                session.closeAfterFlush(reason: "the daemon is stopping")
            } else {
                channel.close(promise: nil)
            }
            return channel.closeFuture
        }
        // A client that never reads must not hold the daemon forever.
        let deadline = loop.assumeIsolated().scheduleTask(in: .seconds(5)) {
            for channel in state.registry.channels.values { channel.close(promise: nil) }
        }
        EventLoopFuture.andAllComplete(closes, on: loop).assumeIsolated().whenComplete { _ in
            deadline.cancel()
            state.complete(completion)
        }
    }

    /// Cancels the signal sources and waits until Dispatch has let go of their handlers.
    ///
    /// Cancelling is asynchronous: until the sources' queue runs, each handler still
    /// holds the daemon's state and with it the service. Returning earlier let a
    /// busy machine exit the process with the service alive, which LeakSanitizer
    /// reports (it cannot follow the tagged pointers inside `JSONValue`).
    private static func cancel(_ sources: [DispatchSourceSignal]) {
        let cancelled = DispatchGroup()
        for source in sources {
            cancelled.enter()
            source.setCancelHandler { cancelled.leave() }
            source.cancel()
        }
        cancelled.wait()
    }

    /// Blocks SIGTERM and SIGINT in the calling thread and in every thread it starts from now on.
    private static func blockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    private func installSignalHandlers(_ handler: @escaping @Sendable (Int32, String) -> Void) -> [DispatchSourceSignal] {
        let queue = DispatchQueue(label: "slamd.signals")
        return [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { signalNumber, name in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { @Sendable in handler(signalNumber, name) }
            source.resume()
            return source
        }
    }
}

/// Whether ``SlamDaemon/stop()`` was called, and how to reach a running daemon.
struct StopRequest {
    var isRequested = false
    /// The first termination signal received.
    var signal: Int32?
    var action: (@Sendable () -> Void)?
}

/// The `SO_PEERCRED` answer (`struct ucred`).
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

struct PeerRefused: Error {
    let userID: UInt32?
}

/// The daemon's mutable state, touched only on its event loop.
final class DaemonState {
    let instances: SlamInstances
    let guards: ConnectionGuards
    let registry = ConnectionRegistry()
    let logger: Logger
    var nextConnectionIdentifier = 0
    var isShuttingDown = false
    var serverChannel: Channel?
    /// The `--web` listener, when there is one.
    var webServerChannel: Channel?
    private var isComplete = false

    init(instances: SlamInstances, guards: ConnectionGuards, logger: Logger) {
        self.instances = instances
        self.guards = guards
        self.logger = logger
    }

    /// Completes the daemon's shutdown promise exactly once, whichever path gets there first.
    func complete(_ promise: EventLoopPromise<Void>) {
        guard !isComplete else { return }
        isComplete = true
        isShuttingDown = true
        promise.succeed()
    }
}
