import NIOHTTP1
import Testing
@testable import SlamDaemon

/// What `slamd --web` lets in: the address it is told, the token, the checks of
/// `Host` and `Origin` (``WebAccessPolicy``), and which paths name files (``WebRoot``).
@Suite struct WebAccessPolicyTests {
    static let token = WebToken(bytes: Array(0..<32))
    static let policy = WebAccessPolicy(token: token, hostNames: ["127.0.0.1", "localhost"])

    static func head(_ uri: String, _ headers: [(String, String)] = [("Host", "127.0.0.1:8080")]) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: HTTPHeaders(headers))
    }

    static func check(_ uri: String, _ headers: [(String, String)], port: Int = 8080, needsToken: Bool = true) -> WebAccessPolicy.Decision {
        policy.check(head(uri, headers), port: port, needsToken: needsToken)
    }

    static func isRefused(_ decision: WebAccessPolicy.Decision, saying text: String) -> Bool {
        if case .refused(let reason) = decision { return reason.contains(text) }
        return false
    }

    /// Refused for the token (401): what a page whose daemon restarted must tell from "slamd is away".
    static func isUnauthorized(_ decision: WebAccessPolicy.Decision, saying text: String) -> Bool {
        if case .unauthorized(let reason) = decision { return reason.contains(text) }
        return false
    }

    @Test func addressesParse() throws {
        #expect(try WebAddress(parsing: "8080") == WebAddress(host: "127.0.0.1", port: 8080))
        #expect(try WebAddress(parsing: "0").port == 0)
        #expect(try WebAddress(parsing: "localhost:9000") == WebAddress(host: "localhost", port: 9000))
        #expect(try WebAddress(parsing: "[::1]:80") == WebAddress(host: "::1", port: 80))
        #expect(try WebAddress(parsing: "[::1]:80").description == "[::1]:80")
        for bad in ["", "host:", ":80", "65536", "-1", "8o", "::1:80", "[::1]80", "[::1", "127.0.0.1:+80", "１２"] {
            #expect(throws: WebAddress.FormatError.self, "\(bad)") { try WebAddress(parsing: bad) }
        }
    }

    @Test func tokensAreLongRandomAndMatchOnlyThemselves() {
        let first = WebToken(), second = WebToken()
        #expect(first.description.count == 64 && first.description.allSatisfy(\.isHexDigit))
        #expect(first.description != second.description)
        #expect(first.matches(first.description))
        #expect(!first.matches(second.description))
        #expect(!first.matches(first.description.dropLast()))
        #expect(!first.matches(first.description + "0"))
        #expect(!first.matches(first.description + String(repeating: "0", count: 256)), "a length 256 longer is still longer")
        #expect(!first.matches(first.description.uppercased()) || first.description == first.description.uppercased())
        #expect(!first.matches(""))
        #expect(Self.token.description.hasPrefix("000102030405"))
    }

    /// A token file (`--web-token-file`) holds the token as `description` writes it.
    @Test func aTokenReadsBackFromItsDigitsOnly() {
        let token = WebToken()
        #expect(WebToken(hexDigits: token.description)?.description == token.description)
        #expect(WebToken(hexDigits: token.description.uppercased())?.description == token.description)
        #expect(WebToken(hexDigits: String(repeating: "ab", count: 32))?.matches(String(repeating: "ab", count: 32)) == true)
        for bad in ["", String(token.description.dropLast()), token.description + "0", String(repeating: "g", count: 64),
                    " " + token.description.dropFirst(), String(repeating: "é", count: 32)] {
            #expect(WebToken(hexDigits: bad) == nil, "\(bad)")
        }
    }

    @Test func theTokenComesInTheBearerHeaderOrTheWebSocketSubprotocolOnly() {
        let token = Self.token.description
        #expect(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Authorization", "Bearer \(token)")]) == .allowed)
        #expect(Self.check("/rpc", [("Host", "localhost:8080"), ("Sec-WebSocket-Protocol", "slam.jsonrpc, slam.token.\(token)")])
                == .allowed)
        #expect(Self.check("/rpc", [("Host", "localhost:8080"), ("Sec-WebSocket-Protocol", "slam.token.\(token)"),
                                    ("Sec-WebSocket-Protocol", "slam.jsonrpc")]) == .allowed, "offers may span headers")
        // Neither a query nor a cookie carries it: both reach places other than this origin.
        #expect(Self.isUnauthorized(Self.check("/rpc?token=\(token)", [("Host", "127.0.0.1:8080")]), saying: "no token"))
        #expect(Self.isUnauthorized(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Cookie", "slam_token_8080=\(token)")]),
                               saying: "no token"))
        // The page's files need none; the Host and Origin checks still hold for them.
        #expect(Self.check("/", [("Host", "127.0.0.1:8080")], needsToken: false) == .allowed)
        #expect(Self.isRefused(Self.check("/", [("Host", "evil.example:8080")], needsToken: false), saying: "DNS rebinding"))
        #expect(WebAccessPolicy.offersSubprotocol(["Sec-WebSocket-Protocol": "slam.token.x, slam.jsonrpc"]))
        #expect(!WebAccessPolicy.offersSubprotocol(["Sec-WebSocket-Protocol": "slam.token.x"]))
    }

    @Test func aMissingOrWrongTokenIsRefused() {
        let wrong = WebToken().description
        #expect(Self.isUnauthorized(Self.check("/rpc", [("Host", "127.0.0.1:8080")]), saying: "no token"))
        #expect(Self.isUnauthorized(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Authorization", "Bearer \(wrong)")]),
                               saying: "Authorization header is wrong"))
        #expect(Self.isUnauthorized(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Sec-WebSocket-Protocol", "slam.token.\(wrong)")]),
                               saying: "WebSocket subprotocol is wrong"))
        #expect(Self.isUnauthorized(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Sec-WebSocket-Protocol", "slam.token.")]),
                               saying: "wrong"))
    }

    @Test func clientTextInAReasonIsCutAndEscaped() {
        let refused = Self.check("/", [("Host", String(repeating: "a", count: 5000) + "\n\u{1B}:8080")], needsToken: false)
        guard case .refused(let reason) = refused else {
            Issue.record("not refused: \(refused)")
            return
        }
        #expect(reason.count < 400 && reason.contains("(4887 more characters)"), "\(reason)")
        #expect(LogText.escaped("a\nb\u{1B}'\u{202E}") == #"a\nb\u{1B}\'\u{202E}"#)
    }

    @Test func theHostHeaderMustNameThisServerAndItsPort() {
        let bearer = ("Authorization", "Bearer \(Self.token)")
        #expect(Self.check("/", [("Host", "LOCALHOST:8080"), bearer]) == .allowed)
        #expect(Self.isRefused(Self.check("/", [("Host", "evil.example:8080"), bearer]), saying: "DNS rebinding"))
        #expect(Self.isRefused(Self.check("/", [("Host", "127.0.0.1:8081"), bearer]), saying: "is not this server"))
        #expect(Self.isRefused(Self.check("/", [("Host", "127.0.0.1"), bearer]), saying: "is not this server"), "port 80 implied")
        #expect(Self.isRefused(Self.check("/", [bearer]), saying: "exactly one Host"))
        #expect(Self.isRefused(Self.check("/", [("Host", "127.0.0.1:8080"), ("Host", "127.0.0.1:8080"), bearer]),
                               saying: "exactly one Host"))
        #expect(Self.isRefused(Self.check("/", [("Host", "user@127.0.0.1:8080"), bearer]), saying: "exactly one Host"))
        // A wildcard bind has no one name: any name will do, the port still counts.
        let wildcard = WebAccessPolicy(token: Self.token, hostNames: nil)
        #expect(wildcard.check(Self.head("/", [("Host", "myhost.lan:8080"), bearer]), port: 8080, needsToken: true) == .allowed)
        #expect(wildcard.check(Self.head("/", [("Host", "myhost.lan:9"), bearer]), port: 8080, needsToken: true) != .allowed)
    }

    @Test func anOriginMustBeThisServersOwn() {
        let bearer = ("Authorization", "Bearer \(Self.token)")
        #expect(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080"), bearer])
                == .allowed)
        #expect(Self.check("/rpc", [("Host", "localhost:8080"), ("Origin", "http://localhost:8080"), bearer])
                == .allowed)
        for origin in ["http://evil.example", "http://localhost:8080", "https://127.0.0.1:8080", "null", "http://127.0.0.1:8081",
                       "http://127.0.0.1:8080/path"] {
            #expect(Self.isRefused(Self.check("/rpc", [("Host", "127.0.0.1:8080"), ("Origin", origin), bearer]),
                                   saying: "not this server's origin"), "\(origin)")
        }
    }

    @Test func thePathLeavesTheQueryOut() {
        #expect(WebAccessPolicy.path(of: "/rpc?token=1") == "/rpc")
        #expect(WebAccessPolicy.path(of: "/") == "/")
    }

    @Test func onlyPlainNamesArePaths() {
        for good in ["index.html", "app.js", "lib/view-2.js", "style.css"] {
            #expect(WebRoot.isPlain(Substring(good)), "\(good)")
        }
        for bad in ["", "..", "../etc/passwd", "a/../b", ".hidden", "a//b", "a/", "%2e%2e/x", "a\\b", "a b", "é.js", "a:b"] {
            #expect(!WebRoot.isPlain(Substring(bad)), "\(bad)")
        }
        #expect(WebRoot.contentType(ofName: "app.js") == "text/javascript; charset=utf-8")
        #expect(WebRoot.contentType(ofName: "x/mod.MJS") == "text/javascript; charset=utf-8")
        #expect(WebRoot.contentType(ofName: "index.html") == "text/html; charset=utf-8")
        #expect(WebRoot.contentType(ofName: "style.css") == "text/css; charset=utf-8")
        #expect(WebRoot.contentType(ofName: "README") == "application/octet-stream")
    }
}
