import SlamJSON
import SlamRPC

/// The one list of Slam's methods, in documentation order: the server answers
/// each (a test holds it to that), discovery describes each, `version` lists them.
///
/// Adding a method: its request type in `Requests/`, an entry here, its
/// handler in the server, and its row in `Protocol/README.md`.
public enum SlamRequests {
    public static var all: [any SlamRequest.Type] {
        [
            PingRequest.self, VersionRequest.self, FindRequest.self, QueryRequest.self, TreeRequest.self, SnapshotRequest.self,
            LocatorRequest.self, UpdateUIRequest.self, ResetUIRequest.self, PressRequest.self, SetTextRequest.self, FocusRequest.self, KeyRequest.self,
            TypeTextRequest.self, RunTaskRequest.self,
            TasksRequest.self, TasksRegisterRequest.self, TasksUnregisterRequest.self, ControllersRequest.self, ScreensRequest.self, WaitForRequest.self, SubscribeRequest.self,
            UnsubscribeRequest.self, StateGetRequest.self, StateSetRequest.self, StateListRequest.self,
            UIAttachRequest.self, UIDetachRequest.self, ResetRequest.self, TraceStartRequest.self, TraceStopRequest.self,
            InstanceCreateRequest.self, InstanceListRequest.self, InstanceUseRequest.self, InstanceCloseRequest.self,
            DiscoverRequest.self,
        ]
    }

    /// The requests the daemon sends clients (a client that registered a task answers `task.run`).
    public static var serverToClient: [(method: String, summary: String, params: JSONValue, result: JSONValue, errors: [ErrorCode])] {
        [(TaskRunRequest.method, TaskRunRequest.summary, TaskRunRequest.paramsSchema, TaskRunRequest.resultSchema, TaskRunRequest.errors)]
    }

    /// The method names, in the same order.
    public static var methodNames: [String] { all.map { $0.method } }
}
