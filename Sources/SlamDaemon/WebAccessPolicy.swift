import NIOHTTP1

/// The checks every HTTP request and WebSocket upgrade of `slamd --web` must pass,
/// because a TCP port, unlike the 0600 socket, can be reached by every process and
/// every web page on the machine:
///
/// - `Host` names the address the daemon serves with its port (a page loaded from
///   another name that resolves to 127.0.0.1 — DNS rebinding — is refused);
/// - `Origin`, when the browser sends one, is that same origin (another page may not
///   open the WebSocket or read the files);
/// - the token is there, in one of three places: `?token=` in the URL (the first page
///   load), the cookie that load sets, or `Authorization: Bearer` (programs).
///
/// The port comes from the connection, not the configuration, so a daemon told to
/// take any free port (`:0`) checks the one it got.
struct WebAccessPolicy: Sendable {
    enum Decision: Hashable, Sendable {
        /// Allowed; `tokenInQuery` when the token came in the URL, which the page
        /// then trades for a cookie.
        case allowed(tokenInQuery: Bool)
        /// Refused, with the reason the 403 response gives.
        case refused(String)
    }

    /// The query parameter that carries the token.
    static let tokenParameter = "token"

    let token: WebToken
    /// The host names (lowercased, IPv6 in brackets) a `Host` header may carry; nil
    /// accepts any name (a wildcard bind, `0.0.0.0` or `::`, has no one name).
    let hostNames: Set<String>?

    init(token: WebToken, hostNames: Set<String>?) {
        self.token = token
        self.hostNames = hostNames.map { Set($0.map { $0.lowercased() }) }
    }

    /// The cookie holding the token. Browsers share cookies between the ports of
    /// one host, so the name carries the port: two daemons never overwrite each other's.
    static func cookieName(port: Int) -> String { "slam_token_\(port)" }

    /// Checks a request that arrived on a connection to local port `port`.
    func check(_ head: HTTPRequestHead, port: Int) -> Decision {
        let hosts = head.headers["Host"]
        guard hosts.count == 1, let host = Authority(hosts[0]) else {
            return .refused("the request needs exactly one Host header")
        }
        guard host.port == port, hostNames?.contains(host.name) ?? true else {
            return .refused("Host '\(hosts[0])' is not this server (DNS rebinding is refused)")
        }
        let origins = head.headers["Origin"]
        if !origins.isEmpty {
            guard origins.count == 1, origins[0].lowercased().hasPrefix("http://"),
                  let origin = Authority(String(origins[0].dropFirst("http://".count))), origin == host else {
                return .refused("Origin '\(origins.joined(separator: ", "))' is not this server's origin (http://\(hosts[0]))")
            }
        }
        let candidate: (String, place: String)?
        if let query = Self.queryToken(in: head.uri) {
            candidate = (query, "the URL")
        } else if let bearer = Self.bearerToken(in: head.headers) {
            candidate = (bearer, "the Authorization header")
        } else if let cookie = Self.cookie(named: Self.cookieName(port: port), in: head.headers) {
            candidate = (cookie, "the cookie")
        } else {
            candidate = nil
        }
        guard let (value, place) = candidate else {
            return .refused("no token: open the URL slamd printed (`slamctl open` prints it again)")
        }
        guard token.matches(value) else {
            return .refused("the token in \(place) is wrong (slamd makes a new one at every start): open the URL it printed")
        }
        return .allowed(tokenInQuery: place == "the URL")
    }

    /// The request target's path, without the query.
    static func path(of uri: String) -> Substring {
        uri[..<(uri.firstIndex(of: "?") ?? uri.endIndex)]
    }

    /// The request target without its `token` parameter: where the first page load redirects.
    static func removingToken(from uri: String) -> String {
        let path = path(of: uri)
        guard path.endIndex < uri.endIndex else { return String(path) }
        let kept = uri[uri.index(after: path.endIndex)...].split(separator: "&", omittingEmptySubsequences: true)
            .filter { $0.split(separator: "=", maxSplits: 1).first != Substring(tokenParameter) }
        return kept.isEmpty ? String(path) : "\(path)?\(kept.joined(separator: "&"))"
    }

    private static func queryToken(in uri: String) -> String? {
        guard let mark = uri.firstIndex(of: "?") else { return nil }
        for item in uri[uri.index(after: mark)...].split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == Substring(tokenParameter) { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
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

    private static func cookie(named name: String, in headers: HTTPHeaders) -> String? {
        for header in headers["Cookie"] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
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
