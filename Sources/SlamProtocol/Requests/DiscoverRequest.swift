import SlamJSON
import SlamRPC

/// `rpc.discover` → the OpenRPC document (the same as `Protocol/slam.openrpc.json`).
public struct DiscoverRequest: SlamRequest {
    public typealias Result = JSONValue
    public static let method = "rpc.discover"
    public static let summary = "The OpenRPC description of this protocol."
    public static var parameters: ParameterList<DiscoverRequest> { ParameterList(empty: DiscoverRequest()) }
    public static var resultSchema: JSONValue { ["$ref": "https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json"] }

    public init() {}
}
