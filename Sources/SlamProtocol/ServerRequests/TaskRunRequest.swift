import SlamJSON
import SlamRPC

/// `task.run {name, param, ref, controller}`: the one request the daemon sends a
/// client, to the connection that registered the task (`tasks.register`).
///
/// The client answers with any result, or an error: the request that ran the
/// task (a `press`, `runTask`, `key` …) is answered then, with -32010 for an
/// error or when no answer comes within the registration's timeout. Ids are
/// strings, `"task-<n>"`, so they never look like a client's own.
public struct TaskRunRequest: Hashable, Sendable, DeclaredFields {

    public static let method = "task.run"
    public static let summary = "Sent by the daemon to the connection that registered a task, each time the task runs; answer with any result, or an error (the run then fails with -32010)."
    /// What a client's error answer becomes for whoever ran the task.
    public static var errors: [ErrorCode] { [.taskFailed] }

    public var name: String
    public var param: String?
    public var ref: String?
    public var controller: String?

    public init(name: String, param: String?, ref: String?, controller: String?) {
        self.name = name
        self.param = param
        self.ref = ref
        self.controller = controller
    }

    public static var empty: TaskRunRequest { TaskRunRequest(name: "", param: nil, ref: nil, controller: nil) }

    public mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("name", &name, "The task's name.")
        visitor.field("param", &param, "The task's parameter (a storyboard's `param`, `runTask`'s `param`), or null.")
        visitor.field("ref", &ref, "The reference of the element whose press runs the task, or null (`runTask`, an element without one).")
        visitor.field("controller", &controller, "The controller of that element, else the controller on top.")
    }

    /// The params' JSON Schema, for discovery: no other members.
    public static var paramsSchema: JSONValue {
        guard case .object(var schema) = objectSchema else { return objectSchema }
        schema.updateValue(false, forKey: "additionalProperties", insertingAt: schema.index(forKey: "properties") ?? schema.count)
        return .object(schema)
    }

    /// What the client may answer: any JSON value (`runTask` hands it on as its `result`).
    public static var resultSchema: JSONValue { [:] }
}
