import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers the plain HTTP requests of `slamd --web`: the renderer page's files, the
/// host's ``WebEndpoint``s and every refusal.
///
/// Sits after NIO's HTTP server pipeline (with pipelining assistance, so requests
/// on a kept-alive connection are answered in order) and its upgrade handler: a
/// WebSocket upgrade that passed ``WebAccessPolicy`` never reaches it, one that was
/// refused does, and gets its 401 (the token) or 403 here. ``SecurityHeadersHandler`` adds the
/// security headers to every response. Only `GET` and `HEAD` without a body are
/// served; any other request is answered at once and the connection closed, so
/// nobody can stream a body at the daemon. An endpoint's path is the exception: after
/// the policy let its head through with the token, any method and a body up to the
/// endpoint's bound are read, and the endpoint's handler answers in a task of its own
/// (cancelled when the connection closes); the connection's next request waits for that answer.
///
/// Bounds: a connection that brings no whole request head within the idle timeout
/// (after connecting, or after its last response) is closed, which bounds both idle
/// kept-alive connections and clients that send a head a byte at a time; while the
/// client leaves the responses unread (the channel is not writable), no further
/// request is read, so a client pipelining thousands of requests without reading
/// holds at most one write buffer of answers; and ``WebConnectionLimiter`` bounds how
/// many such connections there are.
final class WebRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The path of the JSON-RPC WebSocket.
    static let rpcPath = "/rpc"

    private let policy: WebAccessPolicy
    private let root: WebRoot
    /// The host's endpoints by path.
    private let endpoints: [String: WebEndpoint]
    private let idleTimeout: TimeAmount
    private let limiter: WebConnectionLimiter
    private let refusals: RefusalLog
    private let logger: Logger
    /// The connection's place in the limiter, while it is counted there.
    private var limiterIdentifier: UInt64?
    /// A request whose head passed and whose end has not arrived yet.
    private var pendingHead: HTTPRequestHead?
    /// Answered early (a method or body not served): the rest of the request is ignored and the connection closes.
    private var discardingRest = false
    private var idleDeadline: Scheduled<Void>?
    /// A read the channel asked for while the client was not reading its answers.
    private var readHeld = false
    /// An endpoint's request whose head passed, while its body arrives.
    private var endpointRequest: (head: HTTPRequestHead, endpoint: WebEndpoint, body: [UInt8])?
    /// The task of the endpoint handler answering the current request.
    private var endpointTask: Task<Void, Never>?
    /// Counts endpoint requests, so that what an old request's handler writes late is dropped.
    private var endpointExchange: UInt64 = 0
    /// The request whose endpoint response is under way (its head, while the exchange is open).
    private var endpointHead: HTTPRequestHead?

    init(policy: WebAccessPolicy, root: WebRoot, endpoints: [WebEndpoint] = [], idleTimeout: TimeAmount,
         limiter: WebConnectionLimiter, refusals: RefusalLog, logger: Logger) {
        self.policy = policy
        self.root = root
        self.endpoints = Dictionary(endpoints.map { ($0.path, $0) }, uniquingKeysWith: { $1 })
        self.idleTimeout = idleTimeout
        self.limiter = limiter
        self.refusals = refusals
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        limiterIdentifier = limiter.add(context.channel)
        armIdleDeadline(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        endpointTask?.cancel()
        endpointTask = nil
        idleDeadline?.cancel()
        idleDeadline = nil
        if let limiterIdentifier { limiter.remove(limiterIdentifier) }
        limiterIdentifier = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !discardingRest else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            idleDeadline?.cancel()
            idleDeadline = nil
            if let limiterIdentifier { limiter.markServed(limiterIdentifier) }
            if let endpoint = endpoints[String(WebAccessPolicy.path(of: head.uri))] {
                acceptEndpointRequest(head, for: endpoint, context: context)
                return
            }
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
        case .body(let buffer):
            guard var request = endpointRequest else { return }
            endpointRequest = nil
            guard request.body.count + buffer.readableBytes <= request.endpoint.maximumBodyBytes else {
                refuseEndpointBody(request.head, endpoint: request.endpoint, context: context)
                return
            }
            request.body += buffer.readableBytesView
            endpointRequest = request
        case .end:
            if let request = endpointRequest {
                endpointRequest = nil
                idleDeadline?.cancel()
                idleDeadline = nil
                startEndpoint(request.endpoint, head: request.head, body: request.body, context: context)
                return
            }
            guard let head = pendingHead else { return }
            pendingHead = nil
            respond(to: head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client is gone: whatever answers it (a held event stream) stops.
        endpointTask?.cancel()
        endpointTask = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A refused or malformed WebSocket upgrade: the request itself follows, and is answered.
        if error is NIOWebSocketUpgradeError { return }
        if error is HTTPParserError {
            refusals.log("unreadable web requests", on: context.eventLoop, "refused an unreadable web request: \(error)")
        } else {
            logger.debug("web connection error: \(error)")
        }
        context.close(promise: nil)
    }

    // MARK: - Reading only while the client reads

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            readHeld = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if readHeld && context.channel.isWritable {
            readHeld = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: - Answers

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        // NIO's HTTP decoder reads nothing after a request that asked for an upgrade,
        // so a refused upgrade is the connection's last request.
        let closing = !head.headers["Upgrade"].isEmpty
        let path = WebAccessPolicy.path(of: head.uri)
        guard !refused(head, needsToken: path == Self.rpcPath, closing: closing, context: context) else { return }
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
            send(.notFound, text: "404 Not Found: \(LogText.escaped(path))", for: head, closing: closing, context: context)
            return
        }
        send(.ok, body: file.bytes, contentType: file.contentType, for: head, closing: closing, context: context)
    }

    /// Answers 403 or 401 (logged) when the policy refuses `head`; returns whether it did.
    private func refused(_ head: HTTPRequestHead, needsToken: Bool, closing: Bool, context: ChannelHandlerContext) -> Bool {
        let port = context.channel.localAddress?.port ?? -1
        let path = WebAccessPolicy.path(of: head.uri)
        switch policy.check(head, port: port, needsToken: needsToken) {
        case .allowed:
            return false
        case .refused(let reason):
            refusals.log("refused web requests", on: context.eventLoop,
                         "refused a web request for \(LogText.escaped(path)): \(reason)")
            send(.forbidden, text: "403 Forbidden: \(reason)", for: head, closing: closing, context: context)
        case .unauthorized(let reason):
            refusals.log("refused web requests", on: context.eventLoop,
                         "refused a web request for \(LogText.escaped(path)): \(reason)")
            send(.unauthorized, text: "401 Unauthorized: \(reason)", extraHeaders: [("WWW-Authenticate", #"Bearer realm="slamd""#)],
                 for: head, closing: closing, context: context)
        }
        return true
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
        var headers = HTTPHeaders(extraHeaders)
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

    // MARK: - Endpoints

    /// Checks an endpoint request's head as `/rpc`'s (the token included) and its announced length;
    /// then its body is read.
    private func acceptEndpointRequest(_ head: HTTPRequestHead, for endpoint: WebEndpoint, context: ChannelHandlerContext) {
        // Refused before its body is read: the rest of the request is ignored and the connection closes.
        if refused(head, needsToken: true, closing: true, context: context) {
            discardingRest = true
            return
        }
        guard head.headers["Upgrade"].isEmpty else {
            respondEarly(to: head, status: .badRequest, text: "\(endpoint.path) does not upgrade to another protocol", context: context)
            return
        }
        let lengths = head.headers["Content-Length"]
        guard lengths.allSatisfy({ (Int($0) ?? .max) <= endpoint.maximumBodyBytes }) else {
            refuseEndpointBody(head, endpoint: endpoint, context: context)
            return
        }
        endpointRequest = (head, endpoint, [])
        // The body must arrive in time too.
        armIdleDeadline(context: context)
    }

    private func refuseEndpointBody(_ head: HTTPRequestHead, endpoint: WebEndpoint, context: ChannelHandlerContext) {
        let reason = "the body is longer than \(endpoint.maximumBodyBytes) bytes"
        refusals.log("refused web requests", on: context.eventLoop,
                     "refused a web request for \(LogText.escaped(endpoint.path)): \(reason)")
        respondEarly(to: head, status: .payloadTooLarge, text: "413 Payload Too Large: \(reason)", context: context)
    }

    /// Hands a whole request to its endpoint's handler, in a task that the connection's close cancels.
    private func startEndpoint(_ endpoint: WebEndpoint, head: HTTPRequestHead, body: [UInt8], context: ChannelHandlerContext) {
        endpointExchange += 1
        endpointHead = head
        let exchange = endpointExchange
        let loop = context.eventLoop
        let target = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        let response = WebEndpointResponse { part in
            loop.execute { target.value.handler.deliver(part, exchange: exchange, context: target.value.context) }
        }
        let request = WebEndpointRequest(method: head.method.rawValue, target: head.uri,
                                         headers: head.headers.map { (name: $0.name, value: $0.value) }, body: body)
        let handler = endpoint.handler
        endpointTask = Task {
            await handler(request, response)
            response.finish()
        }
    }

    /// Writes what an endpoint's handler answered, unless its request is no longer the current one.
    private func deliver(_ part: WebEndpointResponse.Part, exchange: UInt64, context: ChannelHandlerContext) {
        guard exchange == endpointExchange, let head = endpointHead, context.channel.isActive else { return }
        switch part {
        case .whole(let status, let headers, let body, let refusal):
            endpointHead = nil
            endpointTask = nil
            if let refusal {
                refusals.log("refused web requests", on: context.eventLoop,
                             "refused a web request for \(LogText.escaped(WebAccessPolicy.path(of: head.uri))): \(refusal)")
            }
            var headers = HTTPHeaders(headers)
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            if !head.isKeepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .init(statusCode: status),
                                                                 headers: headers))), promise: nil)
            if head.method != .HEAD && !body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            }
            endExchange(head, context: context)
        case .streamHead(let status, let headers):
            var headers = HTTPHeaders(headers)
            headers.remove(name: "Content-Length")
            if !head.isKeepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .init(statusCode: status),
                                                                         headers: headers))), promise: nil)
        case .streamBody(let bytes):
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))), promise: nil)
        case .end:
            endpointHead = nil
            endpointTask = nil
            endExchange(head, context: context)
        }
    }

    private func endExchange(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if head.isKeepAlive {
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
