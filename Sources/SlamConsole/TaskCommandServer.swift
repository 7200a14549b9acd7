import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

/// Runs a task for the daemon by running a command (`slamctl serve-task NAME -- COMMAND …`),
/// so that a shell script can be an app's behaviour.
///
/// Each `task.run` runs the command once, one run at a time, with the run in
/// its environment: `SLAM_TASK`, `SLAM_TASK_PARAM`, `SLAM_TASK_REF`,
/// `SLAM_TASK_CONTROLLER` (unset when null), `SLAM_SOCKET` and, when the task is served in an
/// instance other than `main`, `SLAM_INSTANCE`, so the command can call back with `slamctl`
/// (`slamctl state KEY VALUE`) to the instance the task ran in. Exit status 0 answers
/// with what it printed (one trailing newline dropped); any other fails the run
/// (-32010 for whoever ran it) with its last line of error output. A command
/// still running at the registration's timeout is stopped (its process group
/// gets SIGTERM, then SIGKILL), since the daemon has failed the run by then.
public struct TaskCommandServer {
    public let connection: SlamConnection
    public let taskName: String
    public let command: ShellCommand
    /// Given to the command as `SLAM_SOCKET`.
    public let socketPath: String
    /// Given to the command as `SLAM_INSTANCE`: the instance the connection uses (nil: `main`).
    public let instance: String?

    public init(connection: SlamConnection, taskName: String, command: ShellCommand, socketPath: String, instance: String? = nil) {
        self.connection = connection
        self.taskName = taskName
        self.command = command
        self.socketPath = socketPath
        self.instance = instance
    }

    /// Registers the task, then answers runs until the daemon closes the connection.
    ///
    /// - Parameter report: told of each run once answered (a line for the person running `serve-task`).
    /// - Throws: ``ClientError/server(_:)`` when the name is taken; ``ClientError/connectionClosed`` when the daemon goes.
    public func serve(timeoutMilliseconds: Int?, report: (String) -> Void) throws(ClientError) -> Never {
        let registered = try connection.send(TasksRegisterRequest(names: [taskName], timeoutMilliseconds: timeoutMilliseconds))
        report("serving task '\(taskName)' (runs may take \(registered.timeoutMilliseconds) ms): \(command.arguments.joined(separator: " "))")
        let timeLimit = registered.timeoutMilliseconds
        while true {
            let message = try connection.nextMessage(timeoutMilliseconds: -1)
            guard case .request(let request)? = try? Message(jsonValue: message) else { continue }
            let outcome: Result<JSONValue, ResponseError>
            if request.method != TaskRunRequest.method {
                outcome = .failure(.methodNotFound(request.method))
            } else if let run = try? TaskRunRequest(json: request.params?.jsonValue ?? .null) {
                outcome = answer(run, timeLimitMilliseconds: timeLimit)
                report("\(run.name)(\(run.param ?? "")) → " + describe(outcome))
            } else {
                outcome = .failure(.invalidParams("task.run: params are not {name, param, ref, controller}"))
            }
            try connection.send(Response(id: request.id, outcome: outcome).jsonValue)
        }
    }

    /// Runs the command for one run.
    func answer(_ run: TaskRunRequest, timeLimitMilliseconds: Int) -> Result<JSONValue, ResponseError> {
        let result: ShellCommand.Outcome
        do {
            result = try command.run(adding: ["SLAM_TASK": run.name, "SLAM_TASK_PARAM": run.param, "SLAM_TASK_REF": run.ref,
                                              "SLAM_TASK_CONTROLLER": run.controller, "SLAM_SOCKET": socketPath,
                                              "SLAM_INSTANCE": instance],
                                     timeLimitMilliseconds: timeLimitMilliseconds)
        } catch {
            return .failure(ResponseError(code: .taskFailed, message: error.message))
        }
        var output = String(decoding: result.output, as: UTF8.self)
        if output.hasSuffix("\n") { output.removeLast() }
        // An error's data repeats the outputs for the person reading it: their ends, where the reason usually is.
        let outputTail = String(output.suffix(4096))
        let errorTail = String(String(decoding: result.errorOutput, as: UTF8.self).suffix(4096))
        if result.timedOut {
            return .failure(ResponseError(code: .taskFailed, message: "\(command.arguments[0]) did not finish within \(timeLimitMilliseconds) ms and was stopped",
                                          data: ["timeoutMs": .integer(Int64(timeLimitMilliseconds)), "stdout": .string(outputTail)]))
        }
        guard result.status == 0 else {
            let lastLine = errorTail.split(separator: "\n").last.map(String.init)
            return .failure(ResponseError(code: .taskFailed, message: lastLine ?? "\(command.arguments[0]) exited with status \(result.status)",
                                          data: ["exitStatus": .integer(Int64(result.status)), "stderr": .string(errorTail),
                                                 "stdout": .string(outputTail)]))
        }
        return .success(.string(output))
    }

    private func describe(_ outcome: Result<JSONValue, ResponseError>) -> String {
        switch outcome {
        case .success(let value): "\(value)"
        case .failure(let error): "failed: \(error.message)"
        }
    }
}
