#if canImport(Glibc)
import Glibc
#endif
import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON
import SlamRPC

/// A parsed command line ready to run: its arguments, the connection it
/// asks for, and how to print.
struct Invocation: Sendable {
    let line: ParsedCommandLine
    /// The instances `--instance new` made, closed when the command ends.
    let createdInstances = CreatedInstances()

    /// `--socket`, else `$SLAM_SOCKET` (what `serve-task` gives its command), else the default.
    var socketPath: String {
        line.option("socket") ?? getenv("SLAM_SOCKET").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? DefaultSocketPath.path
    }
    var json: Bool { line.flag("json") }
    var style: ConsoleStyle { json ? .plain : .forStandardOutput() }
    var formatter: SnapshotFormatter { SnapshotFormatter(style: style) }
    var controller: String? { line.option("controller") }

    /// The value of a required argument (the parser has checked it is there).
    func argument(_ name: String) -> String { line.argument(name) ?? "" }

    /// Connects, or fails with ``CannotConnect`` (exit status 3); with `--instance` (or
    /// `$SLAM_INSTANCE`), then moves the connection to that instance before anything else.
    func connect() throws -> SlamConnection {
        try connectToInstance().connection
    }

    /// ``connect()``, and the handle of the instance it moved to (nil: it stays on `main`).
    func connectToInstance() throws -> (connection: SlamConnection, instance: String?) {
        let connection: SlamConnection
        do {
            connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: nil)
        } catch {
            throw CannotConnect(path: socketPath, reason: error)
        }
        guard let choice = try instanceChoice() else { return (connection, nil) }
        return (connection, try useInstance(choice, label: "slamctl \(line.command.name)", on: connection))
    }

    /// Prints `value` as compact JSON with `--json`, else `human()`.
    func output(_ value: JSONValue, human: () -> String) {
        let text = json ? value.description : human()
        if !text.isEmpty { Output.line(text) }
    }
}

/// Exit status 3: nobody answers at the socket.
struct CannotConnect: Error {
    let path: String
    let reason: ClientError
}
