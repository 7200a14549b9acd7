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
struct Invocation {
    let line: ParsedCommandLine

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

    /// Connects, or fails with ``CannotConnect`` (exit status 3).
    func connect() throws -> SlamConnection {
        do {
            return try SlamConnection(socketPath: socketPath, timeoutMilliseconds: nil)
        } catch {
            throw CannotConnect(path: socketPath, reason: error)
        }
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
