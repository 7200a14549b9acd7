import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SlamUI

/// The TCP side of `slamd --web`: the listener, the URL with its token, and each
/// connection's pipeline.
///
/// A connection starts as HTTP/1.1 (NIO's server pipeline, then
/// ``WebRequestHandler``). A WebSocket upgrade of `/rpc` that passes
/// ``WebAccessPolicy`` swaps the HTTP handlers for ``WebSocketMessageHandler`` and
/// a ``SessionHandler``: from then on the connection is a client session exactly
/// as a socket connection is, on the same service and the same event loop.
struct WebServer: Sendable {
    let policy: WebAccessPolicy
    let root: WebRoot
    /// The host's own paths (``WebConfiguration/endpoints``).
    let endpoints: [WebEndpoint]
    /// The resolved address to bind.
    let address: SocketAddress
    /// The host part of the URL printed for people (a wildcard bind is reached at loopback).
    let urlHost: String
    let idleTimeout: TimeAmount
    let maximumMessageBytes: Int
    /// What one connection may leave unread (`--max-unread-bytes`), HTTP responses and WebSocket frames alike.
    let maximumUnreadBytes: Int
    let logger: Logger

    /// Resolves the address and checks what a start must refuse: a host that is not
    /// loopback without `allowsRemote`, a page directory that is missing, a token file
    /// that cannot be used (``WebConfiguration/tokenFile`` replaces `token`).
    init(configuration web: WebConfiguration, maximumMessageBytes: Int, maximumUnreadBytes: Int, token: WebToken = WebToken(),
         logger: Logger) throws(DaemonError) {
        let address: SocketAddress
        do {
            address = try SocketAddress.makeAddressResolvingHost(web.address.host, port: web.address.port)
        } catch {
            throw .webUnavailable("--web \(web.address): cannot resolve \(web.address.host): \(error)")
        }
        let ip = address.ipAddress ?? web.address.host
        let isLoopback = ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
        let isWildcard = ip == "0.0.0.0" || ip == "::"
        guard isLoopback || web.allowsRemote else {
            throw .webUnavailable("""
                refusing --web \(web.address): \(web.address.host) is not a loopback address: other machines could reach the UI. \
                Pass --web-allow-remote to allow it (the token is then the only protection, over unencrypted HTTP)
                """)
        }
        let bracketedIP = ip.contains(":") ? "[\(ip)]" : ip
        var names: Set<String> = [web.address.urlHost, bracketedIP]
        if isLoopback { names.insert("localhost") }

        // An installed slamd serves PREFIX/share/slam/web; one run from its build (or an app shipped with its
        // bundle), the copy the build bundled beside it.
        guard let directory = web.rootDirectory ?? InstalledResources.directory(named: "web") ?? WebRoot.bundledDirectory() else {
            throw .webUnavailable("""
                the web page's files are not here: ship the folder \(WebRoot.bundleName) beside the executable, \
                install them as PREFIX/share/slam/web, or name a directory with --web-root
                """)
        }
        var status = stat()
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .webUnavailable("the web page directory \(directory) does not exist (--web-root)")
        }
        // Last: a start refused for the address or the page leaves no token file behind.
        let token = try web.tokenFile.map { path throws(DaemonError) in try WebTokenFile.token(at: path) } ?? token
        policy = WebAccessPolicy(token: token, hostNames: isWildcard ? nil : names)
        root = WebRoot(directory: directory)
        endpoints = web.endpoints
        self.address = address
        urlHost = isWildcard ? (ip == "::" ? "[::1]" : "127.0.0.1") : web.address.urlHost
        idleTimeout = .seconds(web.idleTimeoutSeconds)
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumUnreadBytes = maximumUnreadBytes
        self.logger = logger
    }

    /// The address a person opens: the token in the fragment, which browsers never send to
    /// any server; the page keeps it in `sessionStorage`, which only its own origin reads.
    func url(port: Int) -> String {
        "http://\(urlHost):\(port)/#token=\(policy.token)"
    }

    /// Binds the listener on `loop`. `makeSession` gives each upgraded connection its
    /// session handler (nil refuses it: the daemon is stopping).
    func bind(on loop: EventLoop, guards: NIOLoopBound<ConnectionGuards>,
              makeSession: @escaping @Sendable (Channel) -> SessionHandler?) throws -> Channel {
        try ServerBootstrap(group: loop)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DescriptorReserveHandler(guards: guards.value))
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try configure(channel, guards: guards.value, makeSession: makeSession) }
            }
            .bind(to: address)
            .wait()
    }

    /// Sets up one connection's pipeline: HTTP, ready to become a WebSocket session.
    func configure(_ channel: Channel, guards: ConnectionGuards,
                   makeSession: @escaping @Sendable (Channel) -> SessionHandler?) throws {
        // The upgrade runs on the channel's loop, where the guards live.
        let refusals = NIOLoopBound(guards.refusals, eventLoop: channel.eventLoop)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: min(maximumMessageBytes, Int(UInt32.max)), automaticErrorHandling: false,
            shouldUpgrade: { [policy] channel, head in
                // A refusal sends the request on to WebRequestHandler, which answers 401 or 403 with the reason.
                guard WebAccessPolicy.path(of: head.uri) == WebRequestHandler.rpcPath,
                      case .allowed = policy.check(head, port: channel.localAddress?.port ?? -1, needsToken: true) else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                // A browser that offered subprotocols fails the connection unless one is selected; never the token's.
                let selected: HTTPHeaders = WebAccessPolicy.offersSubprotocol(head.headers)
                    ? ["Sec-WebSocket-Protocol": WebAccessPolicy.subprotocol] : [:]
                return channel.eventLoop.makeSucceededFuture(selected)
            },
            upgradePipelineHandler: { [maximumMessageBytes, logger] channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    pipeline.removeHandler(try pipeline.handler(type: WebRequestHandler.self), promise: nil)
                    pipeline.removeHandler(try pipeline.handler(type: SecurityHeadersHandler.self), promise: nil)
                    guard let session = makeSession(channel) else {
                        channel.close(promise: nil)
                        return
                    }
                    try pipeline.addHandlers([
                        WebSocketMessageHandler(maximumMessageBytes: maximumMessageBytes, refusals: refusals.value,
                                                logger: logger),
                        session,
                    ])
                }
            })
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(OutputLimitHandler(maximumUnreadBytes: maximumUnreadBytes, budget: guards.outputBudget,
                                                   refusals: guards.refusals))
        try pipeline.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
        try pipeline.addHandler(SecurityHeadersHandler(), position: .after(try pipeline.handler(type: HTTPResponseEncoder.self)))
        try pipeline.addHandler(
            WebRequestHandler(policy: policy, root: root, endpoints: endpoints, idleTimeout: idleTimeout, limiter: guards.webConnections,
                              refusals: guards.refusals, logger: logger))
    }
}
