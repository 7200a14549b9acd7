/// How `slamd --web` serves the renderer page, JSON-RPC over WebSocket and the host's ``WebEndpoint``s.
public struct WebConfiguration: Sendable {
    /// Where to listen.
    public var address: WebAddress
    /// Accept a HOST that is not a loopback address (`--web-allow-remote`): anyone who
    /// can reach it and knows the token drives the UI, over unencrypted HTTP.
    public var allowsRemote: Bool
    /// Serve the page from this directory (`--web-root`) instead of the files built into `slamd`.
    public var rootDirectory: String?
    /// How long an HTTP connection may go without a whole request head before it is closed.
    public var idleTimeoutSeconds: Int64
    /// Plain HTTP connections (not WebSocket sessions) open at once (`--max-web-connections`);
    /// a new one past it closes the oldest.
    public var maximumConnections: Int
    /// Connections that have not yet sent a whole request head (`--max-web-unserved`); a new one past it closes the oldest.
    public var maximumUnservedConnections: Int
    /// Keep the token in this file across restarts (`--web-token-file`, see ``WebTokenFile``); nil: a new token at every start.
    public var tokenFile: String?
    /// Paths the hosting program answers itself, behind the same token and checks as `/rpc` (SlamHost's `/mcp`).
    public var endpoints: [WebEndpoint]

    public init(address: WebAddress, allowsRemote: Bool = false, rootDirectory: String? = nil, idleTimeoutSeconds: Int64 = 30,
                maximumConnections: Int = 256, maximumUnservedConnections: Int = 64, tokenFile: String? = nil, endpoints: [WebEndpoint] = []) {
        self.address = address
        self.allowsRemote = allowsRemote
        self.rootDirectory = rootDirectory
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maximumConnections = maximumConnections
        self.maximumUnservedConnections = maximumUnservedConnections
        self.tokenFile = tokenFile
        self.endpoints = endpoints
    }
}
