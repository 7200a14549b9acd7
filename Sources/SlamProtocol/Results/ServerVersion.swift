import SlamJSON

/// What `version` answers: the protocol and server versions, what the daemon
/// can do, and its limits.
///
/// ```swift
/// let version = try connection.version()
/// if version.events.contains("stateChanged") { … }
/// ```
public struct ServerVersion: Hashable, Sendable, CustomStringConvertible, ResultValue, JSONEncoding {
    public typealias Value = ServerVersion

    /// The protocol's version, `"1.0"`.
    public var protocolVersion: String
    /// `slamd`'s own version.
    public var serverVersion: String
    /// The framings it detects per socket connection: `newline`, `contentLength`
    /// (a WebSocket carries one message per text frame).
    public var framings: [String]
    /// The transports it serves: `unix` (the socket), and `websocket` when started with `--web`.
    public var transports: [String]
    /// Whether it answers batches.
    public var batches: Bool
    /// Every event a client can subscribe to.
    public var events: [String]
    /// Every method the daemon answers, `rpc.discover` included.
    public var methods: [String]
    /// The largest message it reads, in bytes.
    public var maximumMessageBytes: Int?
    /// The longest `waitFor` timeout it accepts, in milliseconds.
    public var maximumWaitTimeoutMilliseconds: Int?
    /// The result exactly as received (for fields newer than this client); as written, for one made here.
    public let json: JSONValue

    public init(protocolVersion: String, serverVersion: String, framings: [String], transports: [String] = ["unix"],
                batches: Bool, events: [String], methods: [String], maximumMessageBytes: Int,
                maximumWaitTimeoutMilliseconds: Int) {
        self.protocolVersion = protocolVersion
        self.serverVersion = serverVersion
        self.framings = framings
        self.transports = transports
        self.batches = batches
        self.events = events
        self.methods = methods
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumWaitTimeoutMilliseconds = maximumWaitTimeoutMilliseconds
        json = [
            "protocolVersion": .string(protocolVersion),
            "serverVersion": .string(serverVersion),
            "capabilities": [
                "framings": .array(framings.map(JSONValue.string)), "transports": .array(transports.map(JSONValue.string)),
                "batches": .bool(batches),
                "events": .array(events.map(JSONValue.string)), "methods": .array(methods.map(JSONValue.string)),
            ],
            "limits": [
                "maxMessageBytes": .integer(Int64(maximumMessageBytes)),
                "maxWaitTimeoutMs": .integer(Int64(maximumWaitTimeoutMilliseconds)),
            ],
        ]
    }

    /// Nil when `json` lacks either version string.
    public init?(_ json: JSONValue) {
        guard let protocolVersion = json["protocolVersion"]?.stringValue,
              let serverVersion = json["serverVersion"]?.stringValue else { return nil }
        self.protocolVersion = protocolVersion
        self.serverVersion = serverVersion
        let capabilities = json["capabilities"]
        framings = capabilities?["framings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        transports = capabilities?["transports"]?.arrayValue?.compactMap(\.stringValue) ?? []
        batches = capabilities?["batches"]?.boolValue ?? false
        events = capabilities?["events"]?.arrayValue?.compactMap(\.stringValue) ?? []
        methods = capabilities?["methods"]?.arrayValue?.compactMap(\.stringValue) ?? []
        maximumMessageBytes = json["limits"]?["maxMessageBytes"]?.integerValue.map(Int.init)
        maximumWaitTimeoutMilliseconds = json["limits"]?["maxWaitTimeoutMs"]?.integerValue.map(Int.init)
        self.json = json
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        guard let version = ServerVersion(json) else { throw ResultDecodingError(expected: "a version result", got: json) }
        self = version
    }

    public func jsonNode() -> JSONNode { JSONNode(json) }

    public var description: String { json.description }

    public static var schema: JSONValue { ["$ref": "#/components/schemas/Version"] }
}
