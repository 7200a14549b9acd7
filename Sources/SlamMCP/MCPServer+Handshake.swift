import SlamJSON
import SlamProtocol
import SlamRPC

extension MCPServer {
    /// Who answers: `serverInfo` of `initialize`, `_meta` of every stateless result.
    static let serverInfo: JSONValue = ["name": "slam", "version": .string(SlamVersion.release)]

    /// The same in every revision: the tool list never changes; the screen resource can be followed.
    static let capabilities: JSONValue = [
        "tools": ["listChanged": false],
        "resources": ["subscribe": true, "listChanged": false],
    ]

    /// What an agent reads once about the server.
    static let instructions = """
        Slam drives a headless app through its accessibility tree. Read the screen with slam_snapshot \
        (or the slam://screen resource); act with the other slam_ tools, which answer with what changed, \
        not the whole screen. Targets are refs from a snapshot (ref=…) or locators such as {"role":"button","name":"Save"}.
        """

    /// How long an agent may keep what never changes while the server runs (the tool and resource lists).
    static let unchangingTimeToLive: JSONValue = 3_600_000

    /// The revision `initialize` chose for this connection; nil before it (or without it: stateless).
    public var negotiatedRevision: MCPRevision? { handshakeRevision.withLock { $0 } }

    /// `initialize`: echoes a handshake revision the server speaks, else offers its newest; the
    /// connection then speaks that revision.
    func initialize(_ params: JSONValue.Object) -> JSONValue.Object {
        let offered = params["protocolVersion"]?.stringValue.flatMap(MCPRevision.init(rawValue:))
        let revision = offered.flatMap { MCPRevision.handshake.contains($0) ? $0 : nil } ?? MCPRevision.handshake[0]
        handshakeRevision.withLock { $0 = revision }
        return [
            "protocolVersion": .string(revision.rawValue),
            "capabilities": Self.capabilities,
            "serverInfo": Self.serverInfo,
            "instructions": .string(Self.instructions),
        ]
    }

    /// `server/discover`: the stateless revision's description of the server.
    func discover() -> JSONValue.Object {
        [
            "supportedVersions": [.string(MCPRevision.stateless.rawValue)],
            "capabilities": Self.capabilities,
            "instructions": .string(Self.instructions),
            "ttlMs": Self.unchangingTimeToLive,
            "cacheScope": "public",
        ]
    }

    /// The revision a request is answered in: the handshake's, else the one its `_meta` names.
    ///
    /// - Throws: -32602 when a request without a handshake lacks the `_meta` envelope, -32022 for a
    ///   version the server does not speak, -32600 for a stateless request after a handshake.
    func revision(of params: JSONValue.Object) throws(ResponseError) -> MCPRevision {
        let meta = params["_meta"]?.objectValue
        if let negotiated = handshakeRevision.withLock({ $0 }) {
            guard meta?[MCPMeta.protocolVersion] == nil else {
                throw .invalidRequest("this connection speaks the handshake revision \(negotiated.rawValue) (it sent initialize); "
                                      + "a request with _meta['\(MCPMeta.protocolVersion)'] belongs on a connection without one")
            }
            return negotiated
        }
        guard let meta, let version = meta[MCPMeta.protocolVersion]?.stringValue, meta[MCPMeta.clientCapabilities]?.objectValue != nil else {
            throw .invalidParams("params._meta must be an object carrying '\(MCPMeta.protocolVersion)' and '\(MCPMeta.clientCapabilities)' "
                                 + "(or the connection starts with initialize)",
                                 data: ["required": [.string(MCPMeta.protocolVersion), .string(MCPMeta.clientCapabilities)]])
        }
        guard let revision = MCPRevision(rawValue: version), revision.isStateless else {
            throw ResponseError(code: .unsupportedProtocolVersion, message: "Unsupported protocol version",
                                data: ["supported": .array(MCPRevision.allCases.map { .string($0.rawValue) }), "requested": .string(version)])
        }
        return revision
    }
}

extension ErrorCode {
    /// MCP: the request's `_meta` names a protocol version the server does not speak.
    public static let unsupportedProtocolVersion = ErrorCode(rawValue: -32022)
}
