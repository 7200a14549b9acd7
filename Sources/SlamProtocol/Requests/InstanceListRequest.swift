import SlamJSON
import SlamRPC

/// `instance.list` → every open instance, `main` first, then in the order they were made.
public struct InstanceListRequest: SlamRequest {
    public typealias Result = [InstanceEntry]
    public static let method = "instance.list"
    public static let summary = "Every open instance of the daemon, main first, then in the order they were made; current marks the asking connection's."
    public static var parameters: ParameterList<InstanceListRequest> { ParameterList(empty: InstanceListRequest()) }

    public init() {}
}
