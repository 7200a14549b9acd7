/// How `slamd --web` serves the renderer page and JSON-RPC over WebSocket.
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

    public init(address: WebAddress, allowsRemote: Bool = false, rootDirectory: String? = nil, idleTimeoutSeconds: Int64 = 30) {
        self.address = address
        self.allowsRemote = allowsRemote
        self.rootDirectory = rootDirectory
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}
