import NIOCore
import NIOHTTP1

/// Adds the web server's security headers to every HTTP response head that goes out:
/// the page's files, every refusal, the `101` of a WebSocket upgrade, and the `400`
/// NIO's own protocol error handler sends for a request it cannot parse.
///
/// It sits right after the response encoder, so every response part any handler
/// writes passes it; the upgrade removes it with the other HTTP handlers.
final class SecurityHeadersHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The policy allows the page's own scripts, styles and WebSocket only; `frame-src 'self'`
    /// admits the sandboxed `<iframe srcdoc>` that shows a web view's HTML (a srcdoc document
    /// inherits this policy, so no script runs in it, sandbox or not).
    static let headers: [(String, String)] = [
        ("Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), !head.headers.contains(name: "Content-Security-Policy") else {
            context.write(data, promise: promise)
            return
        }
        head.headers.add(contentsOf: Self.headers)
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
