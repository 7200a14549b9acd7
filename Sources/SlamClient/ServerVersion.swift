import SlamJSON

/// What `version` answers: the protocol and server versions, what the daemon
/// can do, and its limits.
///
/// ```swift
/// let version = try connection.version()
/// if version.events.contains("stateChanged") { … }
/// ```
public struct ServerVersion: Hashable, Sendable, CustomStringConvertible {
    /// The result exactly as received (for fields newer than this client).
    public let json: JSONValue

    /// Nil when `json` lacks either version string.
    public init?(_ json: JSONValue) {
        guard json["protocolVersion"]?.stringValue != nil, json["serverVersion"]?.stringValue != nil else { return nil }
        self.json = json
    }

    /// The protocol's version, `"1.0"`.
    public var protocolVersion: String { json["protocolVersion"]?.stringValue ?? "" }
    /// `slamd`'s own version.
    public var serverVersion: String { json["serverVersion"]?.stringValue ?? "" }
    /// Every method the daemon answers, `rpc.discover` included.
    public var methods: [String] { strings(json["capabilities"]?["methods"]) }
    /// Every event a client can subscribe to.
    public var events: [String] { strings(json["capabilities"]?["events"]) }
    /// The framings it detects per connection: `newline`, `contentLength`.
    public var framings: [String] { strings(json["capabilities"]?["framings"]) }
    /// The largest message it reads, in bytes.
    public var maximumMessageBytes: Int? { json["limits"]?["maxMessageBytes"]?.integerValue.map(Int.init) }
    /// The longest `waitFor` timeout it accepts, in milliseconds.
    public var maximumWaitTimeoutMilliseconds: Int? { json["limits"]?["maxWaitTimeoutMs"]?.integerValue.map(Int.init) }

    public var description: String { json.description }

    private func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
