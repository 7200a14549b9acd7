import SlamProtocol
import SlamRPC

/// An instance's end (`instance.close`, or idle), and what its connections are told after it.
extension SlamService {
    /// What a connection using this instance gets once it is closed.
    var closedError: ResponseError {
        ResponseError(code: .instanceClosed,
                      message: "\(ErrorCode.instanceClosed.slamName): the instance '\(instance.handle)' this connection used was closed; "
                          + "instance.use another (instance.list lists them)",
                      data: ["instance": .string(instance.handle)])
    }

    /// Ends this instance: what it owes is answered with -32019, its renderers are detached, its trace
    /// ends, and its application stops being driven. Its connections stay, and get -32019 from now on.
    func close(reason: String) -> InstanceClosed {
        let error = closedError
        let detached = try? UIDetachedNotice(instance: instance.handle, reason: "closed").jsonNode()
            .serialized(prefix: Array(#"{"jsonrpc":"2.0","method":"\#(UIDetachedNotice.method)","params":"#.utf8), suffix: [UInt8(ascii: "}")])
        for session in sessions.values.sorted(by: { $0.identifier < $1.identifier }) {
            refuseHeldRequests(of: session, with: error)
            if detachUI(session), let detached { session.enqueueNotification(detached) }
        }
        var waitsAnswered = 0
        waits.answerAll { wait in
            waitsAnswered += 1
            var data = error.data?.objectValue ?? [:]
            data["ref"] = wait.reference?.parameterJSON ?? .null
            return ResponseError(code: error.code, message: error.message, data: .object(data))
        }
        failClientTaskCalls(with: error)
        // The task names its clients registered free their place in the daemon's bound.
        for session in sessions.values { _ = unregisterClientTasks(nil, session: session) }
        _ = endTrace(reason: "instance closed: \(reason)")
        isClosed = true
        dropApplication()
        return InstanceClosed(instance: instance.handle, connections: sessions.count, waitsAnswered: waitsAnswered)
    }

    /// This instance as `instance.list` describes it to `session`.
    func entry(for session: ClientSession) -> InstanceEntry {
        InstanceEntry(instance: instance.handle, app: instance.app, storyboard: instance.storyboard, label: instance.label,
                      connections: sessions.count, createdBy: instance.createdBy, current: session.service === self)
    }
}
