import SlamJSON
import SlamRPC

/// `rpc.discover` → the OpenRPC document (the same as `Protocol/slam.openrpc.json`).
public struct DiscoverRequest: SlamRequest {
    public typealias Result = JSONValue
    public static let method = "rpc.discover"
    public static let summary = "The OpenRPC description of this protocol."
    public static var parameters: ParameterList<DiscoverRequest> { ParameterList(empty: DiscoverRequest()) }
    public static var resultSchema: JSONValue { ["$ref": .string(metaSchema)] }

    /// The released OpenRPC meta-schema the document is valid against (1.14.9, whose `openrpc`
    /// enum accepts 1.3.2); a copy is committed as `Protocol/openrpc-meta-schema.json`.
    public static let metaSchema = "https://github.com/open-rpc/meta-schema/releases/download/1.14.9/open-rpc-meta-schema.json"

    public init() {}
}
