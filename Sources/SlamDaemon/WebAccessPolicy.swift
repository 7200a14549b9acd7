import NIOHTTP1

/// The checks every HTTP request and WebSocket upgrade of `slamd --web` must pass,
/// because a TCP port, unlike the 0600 socket, can be reached by every process and
/// every web page on the machine:
///
/// - `Host` names the address the daemon serves with its port (a page loaded from
///   another name that resolves to 127.0.0.1 — DNS rebinding — is refused);
/// - `Origin`, when the browser sends one, is that same origin (another page may not
///   open the WebSocket or read the files);
/// - what acts (the `/rpc` WebSocket) carries the token: the page offers it as the
///   WebSocket subprotocol `slam.token.TOKEN` beside `slam.jsonrpc`, programs send
///   `Authorization: Bearer TOKEN`. The page's files are no secret and need none.
///
/// A missing or wrong token is `401 Unauthorized`, every other refusal `403 Forbidden`:
/// a page whose daemon restarted (a new token) tells "my token is refused" from "slamd
/// is away" by asking `/rpc` with its token as a Bearer header, which a browser can,
/// where a failed WebSocket shows it nothing.
///
/// No cookie and no URL query carries the token: a cookie is scoped to the host, not
/// the port, so every other server on 127.0.0.1 a browser visits would receive it.
/// The page reads the token from its URL's fragment (never sent to any server) and
/// keeps it in `sessionStorage`, which only its own origin — scheme, host and port — can read.
///
/// The port comes from the connection, not the configuration, so a daemon told to
/// take any free port (`:0`) checks the one it got.
struct WebAccessPolicy: Sendable {
    enum Decision: Hashable, Sendable {
        case allowed
        /// Refused, with the reason the 403 response gives.
        case refused(String)
        /// No token, or not this daemon's: the reason the 401 response gives.
        case unauthorized(String)
    }

    /// The subprotocol the page offers, and the server selects, for JSON-RPC over WebSocket.
    static let subprotocol = "slam.jsonrpc"
    /// The prefix of the subprotocol that carries the token (`slam.token.` + 64 hex digits).
    static let tokenSubprotocolPrefix = "slam.token."

    let token: WebToken
    /// The host names (lowercased, IPv6 in brackets) a `Host` header may carry; nil
    /// accepts any name (a wildcard bind, `0.0.0.0` or `::`, has no one name).
    let hostNames: Set<String>?

    init(token: WebToken, hostNames: Set<String>?) {
        self.token = token
        self.hostNames = hostNames.map { Set($0.map { $0.lowercased() }) }
    }

    /// Checks a request that arrived on a connection to local port `port`; `needsToken`
    /// for what acts (the `/rpc` upgrade), not for the page's files.
    func check(_ head: HTTPRequestHead, port: Int, needsToken: Bool) -> Decision {
        let hosts = head.headers["Host"]
        guard hosts.count == 1, let host = Authority(hosts[0]) else {
            return .refused("the request needs exactly one Host header")
        }
        guard host.port == port, hostNames?.contains(host.name) ?? true else {
            return .refused("Host '\(LogText.escaped(hosts[0]))' is not this server (DNS rebinding is refused)")
        }
        let origins = head.headers["Origin"]
        if !origins.isEmpty {
            guard origins.count == 1, origins[0].lowercased().hasPrefix("http://"),
                  let origin = Authority(String(origins[0].dropFirst("http://".count))), origin == host else {
                return .refused("Origin '\(LogText.escaped(origins.joined(separator: ", ")))' is not this server's origin (http://\(LogText.escaped(hosts[0])))")
            }
        }
        guard needsToken else { return .allowed }
        let candidate: (String, place: String)?
        if let bearer = Self.bearerToken(in: head.headers) {
            candidate = (bearer, "the Authorization header")
        } else if let offered = Self.subprotocolToken(in: head.headers) {
            candidate = (offered, "the WebSocket subprotocol")
        } else {
            candidate = nil
        }
        guard let (value, place) = candidate else {
            return .unauthorized("no token: open the URL slamd printed (`slamctl open` prints it again); "
                            + "programs send Authorization: Bearer TOKEN")
        }
        guard token.matches(value) else {
            return .unauthorized("the token in \(place) is wrong (every start of slamd makes a new one unless --web-token-file keeps it): "
                                 + "open the URL it printed (`slamctl open` prints it again)")
        }
        return .allowed
    }

    /// Whether the client offered ``subprotocol`` (then the upgrade selects it, as browsers require).
    static func offersSubprotocol(_ headers: HTTPHeaders) -> Bool {
        offeredSubprotocols(headers).contains(Substring(subprotocol))
    }

    /// The request target's path, without the query.
    static func path(of uri: String) -> Substring {
        uri[..<(uri.firstIndex(of: "?") ?? uri.endIndex)]
    }

    private static func offeredSubprotocols(_ headers: HTTPHeaders) -> [Substring] {
        headers["Sec-WebSocket-Protocol"].flatMap { $0.split(separator: ",").map(\.trimmingSpaces) }
    }

    private static func subprotocolToken(in headers: HTTPHeaders) -> String? {
        offeredSubprotocols(headers).first { $0.hasPrefix(tokenSubprotocolPrefix) }
            .map { String($0.dropFirst(tokenSubprotocolPrefix.count)) }
    }

    private static func bearerToken(in headers: HTTPHeaders) -> String? {
        for value in headers["Authorization"] {
            let parts = value.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return String(parts[1].drop(while: { $0 == " " }))
            }
        }
        return nil
    }

    /// A `host[:port]` as in a `Host` header or an origin: name lowercased, IPv6 in
    /// brackets, port 80 when left out.
    private struct Authority: Hashable {
        let name: String
        let port: Int

        init?(_ text: String) {
            let text = text.lowercased()
            let portText: Substring?
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                name = String(text[...close])
                let rest = text[text.index(after: close)...]
                guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
                portText = rest.isEmpty ? nil : rest.dropFirst()
            } else if let colon = text.firstIndex(of: ":") {
                name = String(text[..<colon])
                portText = text[text.index(after: colon)...]
            } else {
                name = text
                portText = nil
            }
            guard !name.isEmpty, !name.contains("/"), !name.contains("@") else { return nil }
            if let portText {
                guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText),
                      port <= 65535 else { return nil }
                self.port = port
            } else {
                port = 80
            }
        }
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
