import SlamJSON
import SlamRPC

/// `task.run {name, param, ref, controller}`: the one request the daemon sends a
/// client, to the connection that registered the task (`tasks.register`).
///
/// The client answers with any result, or an error: the request that ran the
/// task (a `press`, `runTask`, `key` …) is answered then, with -32010 for an
/// error or when no answer comes within the registration's timeout. Ids are
/// strings, `"task-<n>"`, so they never look like a client's own.
public struct TaskRunRequest: Hashable, Sendable, ResultValue, JSONEncoding {
    public typealias Value = TaskRunRequest

    public static let method = "task.run"
    public static let summary = "Sent by the daemon to the connection that registered a task, each time the task runs; answer with any result, or an error (the run then fails with -32010)."
    /// What a client's error answer becomes for whoever ran the task.
    public static var errors: [ErrorCode] { [.taskFailed] }

    /// The task's name.
    public var name: String
    /// The task's parameter (a storyboard's `param`, `runTask`'s `param`), or nil.
    public var param: String?
    /// The reference of the element whose press runs the task, or nil (`runTask`, an element without one).
    public var ref: String?
    /// The controller of that element, else the controller on top.
    public var controller: String?

    public init(name: String, param: String?, ref: String?, controller: String?) {
        self.name = name
        self.param = param
        self.ref = ref
        self.controller = controller
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        name = try json.member("name")
        param = try json.member("param")
        ref = try json.member("ref")
        controller = try json.member("controller")
    }

    public func jsonNode() -> JSONNode {
        var object = JSONNode.object()
        object.set("name", JSONNode(name))
        object.set("param", param.jsonNode())
        object.set("ref", ref.jsonNode())
        object.set("controller", controller.jsonNode())
        return object
    }

    /// The params' JSON Schema, for discovery.
    public static var paramsSchema: JSONValue {
        ["type": "object", "required": ["name", "param", "ref", "controller"], "additionalProperties": false,
         "properties": ["name": ["type": "string"], "param": ["type": ["string", "null"]],
                        "ref": ["type": ["string", "null"]], "controller": ["type": ["string", "null"]]]]
    }

    /// What the client may answer: any JSON value (`runTask` hands it on as its `result`).
    public static var resultSchema: JSONValue { [:] }
}
