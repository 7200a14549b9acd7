import SlamJSON
import SlamRPC

/// `instance.use {instance}` → the ``InstanceEntry`` the connection now uses: every later request,
/// event and wait of the connection belongs to it. The connection keeps its subscriptions; what it
/// had in the instance it leaves ends as when a connection goes (its registered tasks are withdrawn,
/// a renderer is detached). Refused while the connection has requests unanswered there.
public struct InstanceUseRequest: SlamRequest {
    public typealias Result = InstanceEntry
    public static let method = "instance.use"
    public static let summary = "Make the connection use another instance: its later requests, events and waits belong to that one; its subscriptions stay, its registered tasks and an attached renderer are withdrawn from the one it leaves."
    public static let parameters = ParameterList(empty: InstanceUseRequest(instance: ""), [
        .required("instance", \.instance, summary: "An instance's handle, as instance.create or instance.list answer it (main: the daemon's own).",
                  schema: { ["type": "string", "minLength": 1] }),
    ])
    public static var errors: [ErrorCode] { [.instanceNotFound] }

    public var instance: String

    public init(instance: String) {
        self.instance = instance
    }
}
