/// Where `slamd --web` listens: `[HOST:]PORT`, HOST defaulting to `127.0.0.1`.
///
/// An IPv6 HOST is written in brackets (`[::1]:8080`); PORT 0 asks the system for
/// a free port. Parsing only checks the form: whether HOST is a loopback address
/// is decided when the daemon resolves it (see ``WebConfiguration``).
public struct WebAddress: Hashable, Sendable, CustomStringConvertible {
    /// Why a `[HOST:]PORT` text was refused.
    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public static let defaultHost = "127.0.0.1"

    /// The host as given, without IPv6 brackets.
    public var host: String
    public var port: Int

    public init(host: String = WebAddress.defaultHost, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `PORT`, `HOST:PORT` or `[IPV6]:PORT`.
    public init(parsing text: String) throws(FormatError) {
        let hostText: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:") else {
                throw FormatError(description: "'\(text)' is not [HOST:]PORT: an IPv6 host is written [ADDRESS]:PORT")
            }
            hostText = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard !hostText.contains(":") else {
                throw FormatError(description: "'\(text)' is not [HOST:]PORT: write an IPv6 host in brackets, [::1]:8080")
            }
        } else {
            hostText = Substring(Self.defaultHost)
            portText = Substring(text)
        }
        guard !hostText.isEmpty else { throw FormatError(description: "'\(text)' is not [HOST:]PORT: the host is empty") }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
              let port = Int(portText), port <= 65535 else {
            throw FormatError(description: "'\(text)' is not [HOST:]PORT: PORT must be a number from 0 to 65535")
        }
        self.init(host: String(hostText), port: port)
    }

    /// The host as it appears in a URL or a `Host` header: IPv6 in brackets.
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}
