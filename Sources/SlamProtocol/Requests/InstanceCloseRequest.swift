import SlamJSON
import SlamRPC

/// `instance.close {instance}` → ``InstanceClosed``: the instance ends. Its pending waits and the runs
/// of tasks its clients registered are answered with -32019, its renderers detached, its trace ended;
/// the connections that used it get -32019 for every request until they `instance.use` another.
/// `main` cannot be closed.
public struct InstanceCloseRequest: SlamRequest {
    public typealias Result = InstanceClosed
    public static let method = "instance.close"
    public static let summary = "End an instance (not main): its pending waits and client task runs are answered with -32019, its renderers detached; connections that used it get -32019 until they instance.use another."
    public static let parameters = ParameterList(empty: InstanceCloseRequest(instance: ""), [
        .required("instance", \.instance, summary: "The handle of the instance to close (instance.create answered it).",
                  schema: { ["type": "string", "minLength": 1] }),
    ])
    public static var errors: [ErrorCode] { [.instanceNotFound] }

    public var instance: String

    public init(instance: String) {
        self.instance = instance
    }
}
