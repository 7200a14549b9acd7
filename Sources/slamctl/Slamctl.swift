import SlamClient
import SlamProtocol
import SlamConsole
import SlamRPC

/// `slamctl`: drive a running `slamd` from a shell.
///
/// Exit statuses: 0 ok; 1 the daemon answered an error, or a flow step failed;
/// 2 usage; 3 cannot connect, or lost the daemon (it stopped or stopped answering);
/// 130 interrupted by Ctrl-C (SIGINT, or the key in `ui`).
enum Slamctl {
    static let commands: [SlamctlCommand] = queryCommands + actionCommands + liveCommands + recordCommands + webCommands + traceCommands + uiCommands + serveTaskCommands + mcpCommands + instanceCommands

    static let parser = CommandLineParser(
        toolName: "slamctl",
        summary: "drive a headless Slam UI served by slamd.",
        commands: commands.map(\.specification),
        globalOptions: [
            .init("socket", valueName: "PATH",
                  help: "The daemon's socket (default: $SLAM_SOCKET, else $XDG_RUNTIME_DIR/slam/slamd.sock, else /tmp/slam-$UID/slamd.sock)."),
            .init("instance", valueName: "HANDLE",
                  help: "Act on this instance of the daemon (default: $SLAM_INSTANCE, else main); new: one made for this command and closed when it ends."),
            .init("json", help: "Print the daemon's JSON instead of human output."),
            .init("version", help: "Print slamctl's version and the protocol version it speaks, and exit."),
        ],
        footer: """
            Exit status: 0 ok, 1 the daemon answered an error (or a flow step failed), 2 usage, \
            3 cannot connect to the daemon, or lost it, 130 interrupted (Ctrl-C).
            """)

    /// Runs the command line and returns the exit status.
    static func main(_ words: [String]) -> Int32 {
        // `slamctl --version` (anywhere before `--`): which slamctl, and the protocol it speaks.
        if words.prefix(while: { $0 != "--" }).contains("--version") {
            Output.line(SlamVersion.line(for: "slamctl"))
            return 0
        }
        // What `make install` writes beside the executable; not in the verb list, as with slamd's
        // (swift-argument-parser's) `--generate-completion-script`.
        if words.first == "--generate-completion-script" {
            guard words.count == 2, let shell = CompletionScript.Shell(rawValue: words[1]) else {
                return usage(UsageError("--generate-completion-script takes one of: "
                                        + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            Output.line(CompletionScript(parser: parser).script(for: shell), terminator: false)
            return 0
        }
        if words.first == "--generate-manual" {
            guard words.count <= 2 else { return usage(UsageError("--generate-manual takes at most a date (\"November 24, 2026\")")) }
            Output.line(manualPage(date: words.count == 2 ? words[1] : "").source, terminator: false)
            return 0
        }
        let line: ParsedCommandLine
        do {
            switch try parser.parse(words) {
            case .help(let text):
                Output.line(text)
                return 0
            case .run(let parsed):
                line = parsed
            }
        } catch {
            return usage(error)
        }
        guard let command = commands.first(where: { $0.specification.name == line.command.name }) else { return 2 }
        let invocation = Invocation(line: line)
        defer { invocation.closeCreatedInstances() }
        do {
            try command.action(invocation)
            return 0
        } catch let error as UsageError {
            return usage(error)
        } catch let error as CannotConnect {
            Output.error("""
                slamctl: cannot connect to slamd at \(error.path): \(error.reason.reasonText)
                Is slamd running? Start it with `slamd` (or `make run` in a Slam checkout), or pass --socket PATH.
                """)
            return 3
        } catch let error as ClientError {
            switch error {
            case .server(let response):
                Output.error("slamctl: error \(response.code.rawValue): \(response.message)")
                if let data = response.data { Output.error("  data: \(data)") }
                return 1
            case .protocolViolation:
                Output.error("slamctl: \(error)")
                return 1
            case .connectionClosed, .timedOut, .system, .cannotConnect:
                // Not an answer: the daemon went away (stopped during `watch`) or stopped answering.
                Output.error("slamctl: lost slamd: \(error)")
                return 3
            }
        } catch is FlowFailed {
            return 1  // the report on stdout already names the failing step
        } catch {
            Output.error("slamctl: \(error)")
            return 1
        }
    }

    private static func usage(_ error: UsageError) -> Int32 {
        Output.error("slamctl: \(error.message)")
        Output.error(parser.usageLine(for: error.command))
        return 2
    }
}

extension ClientError {
    /// Why a connection failed, without repeating the path.
    var reasonText: String {
        if case let .cannotConnect(_, code) = self { return Output.systemMessage(code) }
        return description
    }
}
