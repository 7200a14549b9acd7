import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers the plain HTTP requests of `slamd --web`: the renderer page's files,
/// the first page load's token-for-cookie redirect, and every refusal.
///
/// Sits after NIO's HTTP server pipeline (with pipelining assistance, so requests
/// on a kept-alive connection are answered in order) and its upgrade handler: a
/// WebSocket upgrade that passed ``WebAccessPolicy`` never reaches it, one that was
/// refused does, and gets its 403 here. Every response carries
/// ``securityHeaders``. Only `GET` and `HEAD` without a body are served; any other
/// request is answered at once and the connection closed, so nobody can stream a
/// body at the daemon. A connection that brings no whole request head within the
/// idle timeout (after connecting, or after its last response) is closed, which
/// bounds both idle kept-alive connections and clients that send a head a byte at a time.
final class WebRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The path of the JSON-RPC WebSocket.
    static let rpcPath = "/rpc"

    /// Sent with every response, the WebSocket upgrade included. The policy allows the
    /// page's own scripts, styles and WebSocket only; `frame-src 'self'` admits the
    /// sandboxed `<iframe srcdoc>` that shows a web view's HTML (a srcdoc document
    /// inherits this policy, so no script runs in it, sandbox or not).
    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    private let policy: WebAccessPolicy
    private let root: WebRoot
    private let idleTimeout: TimeAmount
    private let logger: Logger
    /// A request whose head passed and whose end has not arrived yet.
    private var pendingHead: HTTPRequestHead?
    /// Answered early (a method or body not served): the rest of the request is ignored and the connection closes.
    private var discardingRest = false
    private var idleDeadline: Scheduled<Void>?

    init(policy: WebAccessPolicy, root: WebRoot, idleTimeout: TimeAmount, logger: Logger) {
        self.policy = policy
        self.root = root
        self.idleTimeout = idleTimeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        armIdleDeadline(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleDeadline?.cancel()
        idleDeadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !discardingRest else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            idleDeadline?.cancel()
            idleDeadline = nil
            guard head.method == .GET || head.method == .HEAD else {
                respondEarly(to: head, status: .methodNotAllowed, text: "only GET and HEAD are served",
                             extraHeaders: [("Allow", "GET, HEAD")], context: context)
                return
            }
            guard head.headers["Content-Length"].allSatisfy({ $0 == "0" }), head.headers["Transfer-Encoding"].isEmpty else {
                respondEarly(to: head, status: .badRequest, text: "requests to this server carry no body", context: context)
                return
            }
            pendingHead = head
        case .body:
            break
        case .end:
            guard let head = pendingHead else { return }
            pendingHead = nil
            respond(to: head, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A refused or malformed WebSocket upgrade: the request itself follows, and is answered.
        if error is NIOWebSocketUpgradeError { return }
        logger.debug("web connection error: \(error)")
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let port = context.channel.localAddress?.port ?? -1
        // NIO's HTTP decoder reads nothing after a request that asked for an upgrade,
        // so a refused upgrade is the connection's last request.
        let closing = !head.headers["Upgrade"].isEmpty
        let decision = policy.check(head, port: port)
        guard case .allowed(let tokenInQuery) = decision else {
            if case .refused(let reason) = decision {
                logger.notice("refused a web request for \(WebAccessPolicy.path(of: head.uri)): \(reason)")
                send(.forbidden, text: "403 Forbidden: \(reason)", for: head, closing: closing, context: context)
            }
            return
        }
        let path = WebAccessPolicy.path(of: head.uri)
        if tokenInQuery && path != Self.rpcPath {
            // The token leaves the address bar and the history: it now travels in a cookie only this origin reads.
            let cookie = "\(WebAccessPolicy.cookieName(port: port))=\(policy.token); HttpOnly; SameSite=Strict; Path=/"
            send(.seeOther, text: "", extraHeaders: [("Location", WebAccessPolicy.removingToken(from: head.uri)),
                                                    ("Set-Cookie", cookie)],
                 for: head, closing: closing, context: context)
            return
        }
        if path == Self.rpcPath {
            if head.headers["Upgrade"].isEmpty {
                send(.upgradeRequired, text: "\(Self.rpcPath) speaks JSON-RPC over WebSocket only",
                     extraHeaders: [("Upgrade", "websocket")], for: head, context: context)
            } else {
                send(.badRequest, text: "not a WebSocket handshake this server accepts (version 13, with Sec-WebSocket-Key)",
                     for: head, closing: true, context: context)
            }
            return
        }
        guard let file = root.file(at: path) else {
            send(.notFound, text: "404 Not Found: \(path)", for: head, closing: closing, context: context)
            return
        }
        send(.ok, body: file.bytes, contentType: file.contentType, for: head, closing: closing, context: context)
    }

    /// Answers a request the server does not serve without waiting for its body, then closes.
    private func respondEarly(to head: HTTPRequestHead, status: HTTPResponseStatus, text: String,
                              extraHeaders: [(String, String)] = [], context: ChannelHandlerContext) {
        discardingRest = true
        send(status, text: text, extraHeaders: extraHeaders, for: head, closing: true, context: context)
    }

    private func send(_ status: HTTPResponseStatus, text: String, extraHeaders: [(String, String)] = [],
                      for head: HTTPRequestHead, closing: Bool = false, context: ChannelHandlerContext) {
        send(status, body: text.isEmpty ? [] : Array((text + "\n").utf8), contentType: "text/plain; charset=utf-8",
             extraHeaders: extraHeaders, for: head, closing: closing, context: context)
    }

    private func send(_ status: HTTPResponseStatus, body: [UInt8], contentType: String,
                      extraHeaders: [(String, String)] = [], for head: HTTPRequestHead, closing: Bool = false,
                      context: ChannelHandlerContext) {
        let keepAlive = head.isKeepAlive && !closing
        var headers = HTTPHeaders(Self.securityHeaders)
        headers.add(contentsOf: extraHeaders)
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(body.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                      promise: nil)
        if head.method != .HEAD && !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if keepAlive {
            armIdleDeadline(context: context)
        } else {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func armIdleDeadline(context: ChannelHandlerContext) {
        idleDeadline?.cancel()
        idleDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: idleTimeout) { [logger] in
            logger.debug("closing an idle web connection")
            context.close(promise: nil)
        }
    }
}
