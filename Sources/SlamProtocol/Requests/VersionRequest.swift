import SlamJSON
import SlamRPC

/// `version` → protocol and server versions, capabilities and limits.
public struct VersionRequest: SlamRequest {
    public typealias Result = ServerVersion
    public static let method = "version"
    public static let summary = "The protocol version, the server version, capabilities and limits."
    public static var parameters: ParameterList<VersionRequest> { ParameterList(empty: VersionRequest()) }
    public static var resultSchema: JSONValue { ServerVersion.schema }

    /// The protocol version: the major number changes only with incompatible changes.
    public static let protocolVersion = "1.0"

    public init() {}
}
