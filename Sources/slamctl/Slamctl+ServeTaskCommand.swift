import SlamClient
import SlamConsole
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Slamctl {
    /// `slamctl serve-task NAME -- COMMAND …`: a shell command runs a task for the daemon.
    static let serveTaskCommands: [SlamctlCommand] = [
        SlamctlCommand(
            "serve-task", "Run a task for the daemon with a command, until interrupted: a shell script can be an app.",
            discussion: """
                Registers NAME (tasks.register); each time the task runs (a press on a button whose task it is,
                slamctl task NAME, a key), COMMAND runs with SLAM_TASK, SLAM_TASK_PARAM, SLAM_TASK_REF,
                SLAM_TASK_CONTROLLER, SLAM_SOCKET and (with --instance) SLAM_INSTANCE in its environment, one run at a time. Exit status 0
                answers with what it printed; any other fails the run with its last line of error output. A
                command still running at the timeout is stopped with what it started (its process group). It is
                over when it exits: a child it leaves in the background is not waited for.
                The command calls back with slamctl, for example:
                  slamctl serve-task greet -- sh -c 'slamctl state greeting "Hello, $SLAM_TASK_PARAM"'
                The name is free again when serve-task stops (Ctrl-C). Exit status 3 when the daemon goes away.
                """,
            arguments: [.init("name", help: "The task's name, as a storyboard's \"task\" names it."),
                        .init("command", help: "The program and its arguments, after --.", isRepeated: true)],
            options: [.init("timeout", valueName: "TIME", help: "How long a run may take before it fails: 500ms, 2s (default: the daemon's, 5s).")]
        ) { invocation in
            let line = invocation.line
            let name = line.argument("name")!
            let command = line.repeatedArgument("command")
            guard !command.isEmpty else {
                throw UsageError("missing COMMAND: give it after --, e.g. slamctl serve-task \(name) -- ./checkout.sh", command: line.command)
            }
            var timeout: Int?
            if let text = line.option("timeout") {
                guard let parsed = milliseconds(text), parsed >= 1, parsed <= maximumWaitMilliseconds else {
                    throw UsageError("--timeout must look like 500ms, 2s or 1.5s and be at most 600s, not '\(text)'", command: line.command)
                }
                timeout = parsed
            }
            let (connection, instance) = try invocation.connectToInstance()
            let server = TaskCommandServer(connection: connection, taskName: name, command: ShellCommand(arguments: command),
                                           socketPath: invocation.socketPath, instance: instance)
            try server.serve(timeoutMilliseconds: timeout) { report in
                Output.error(report)
            }
        },
    ]
}
