import Testing
import SlamHarness
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one finished `slamctl` run printed, and how it ended.
struct SlamctlResult: CustomStringConvertible {
    /// The exit status (128 + signal for a signalled run).
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Standard output split into lines, without the final newline.
    var lines: [String] { Self.lines(of: standardOutput) }
    var errorLines: [String] { Self.lines(of: standardError) }

    /// Standard output parsed as one JSON text (what `--json` prints).
    func json() throws -> JSONValue {
        try JSONParser().parse(standardOutput)
    }

    var description: String {
        "exit \(status)\n--- stdout:\n\(standardOutput)--- stderr:\n\(standardError)"
    }

    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A running `slamctl` (the real binary next to the test binary, or `$SLAMCTL`):
/// stdout and stderr go to files in a temporary directory of its own, which
/// ``finish(timeoutSeconds:)`` or the release removes, after killing the child
/// if it still runs. Never Foundation's `Process`: it leaks under LeakSanitizer.
final class SlamctlProcess {
    let directory: String
    let process: ChildProcess
    private var removed = false

    /// Starts `slamctl arguments...`; with `app`, `--socket PATH` comes first. With `standardInputPath`
    /// it reads that file (else /dev/null); with `workingDirectory` it runs there (through `sh`).
    init(_ arguments: [String], app: SlamApp? = nil, environment: [String: String]? = nil,
         standardInputPath: String? = nil, workingDirectory: String? = nil) throws {
        var executable = try DaemonProcess.siblingExecutable(named: "slamctl", overriddenBy: "SLAMCTL")
        let directory = try DaemonProcess.makeTemporaryDirectory()
        var words = (app.map { ["--socket", $0.socketPath] } ?? []) + arguments
        if standardInputPath != nil || workingDirectory != nil {
            // sh -c 'cd "$1" && exec "$2" "$@" < "$3"'-style: every path is an argument, never parsed by the shell.
            let script = #"dir="$1"; input="$2"; program="$3"; shift 3; cd "$dir" && exec "$program" "$@" < "$input""#
            words = ["-c", script, "sh", workingDirectory ?? ".", standardInputPath ?? "/dev/null", executable] + words
            executable = "/bin/sh"
        }
        do {
            process = try ChildProcess(executable: executable, arguments: words, environment: environment,
                                       standardOutputPath: directory + "/stdout", standardErrorPath: directory + "/stderr")
        } catch {
            rmdir(directory)
            throw error
        }
        self.directory = directory
    }

    var standardOutput: String { DaemonProcess.read(directory + "/stdout") }
    var standardError: String { DaemonProcess.read(directory + "/stderr") }
    var isRunning: Bool { process.isRunning }

    /// Waits until stdout contains `text` (true), or the child exits or time runs out (false).
    @discardableResult
    func waitForOutput(containing text: String, timeoutSeconds: Double = 30) -> Bool {
        waitUntil(timeoutSeconds: timeoutSeconds) { self.standardOutput.contains(text) }
    }

    /// Waits until `condition` holds on stdout, polling every 5 ms; false on timeout or exit.
    @discardableResult
    func waitUntil(timeoutSeconds: Double = 30, _ condition: () -> Bool) -> Bool {
        var waited = 0.0
        while waited < timeoutSeconds {
            if condition() { return true }
            if !process.isRunning { return condition() }
            usleep(5_000)
            waited += 0.005
        }
        return false
    }

    /// Sends `signal` and waits for the exit; returns its status (nil if it would not die).
    @discardableResult
    func stop(signal number: Int32) -> Int32? {
        process.signal(number)
        return process.waitForExit(timeoutSeconds: 20)
    }

    /// Waits for the child to exit by itself; on a timeout kills it and records an issue.
    /// Returns what it printed and removes its files.
    func finish(timeoutSeconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> SlamctlResult {
        var status = process.waitForExit(timeoutSeconds: timeoutSeconds)
        if status == nil {
            Issue.record("slamctl did not exit within \(timeoutSeconds) s", sourceLocation: sourceLocation)
            status = stop(signal: SIGKILL)
        }
        let result = SlamctlResult(status: status ?? -1, standardOutput: standardOutput, standardError: standardError)
        removeFiles()
        return result
    }

    private func removeFiles() {
        guard !removed else { return }
        removed = true
        unlink(directory + "/stdout")
        unlink(directory + "/stderr")
        rmdir(directory)
    }

    deinit {
        if process.isRunning {
            process.signal(SIGKILL)
            process.waitForExit(timeoutSeconds: 20)
        }
        removeFiles()
    }
}

/// Runs `slamctl arguments...` to completion (against `app` when given) and returns what it printed.
func slamctl(_ arguments: String..., app: SlamApp? = nil, environment: [String: String]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> SlamctlResult {
    try SlamctlProcess(arguments, app: app, environment: environment).finish(sourceLocation: sourceLocation)
}

/// This process's environment with `changes` applied, for a child.
func environment(with changes: [String: String]) -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    for (key, value) in changes { result[key] = value }
    return result
}

struct CannotWrite: Error {
    let path: String
}

/// A file in a new temporary directory, removed with ``remove()`` (flow files).
struct TemporaryFile {
    let directory: String
    let path: String

    init(named name: String, contents: String) throws {
        directory = try DaemonProcess.makeTemporaryDirectory()
        path = directory + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            rmdir(directory)
            throw CannotWrite(path: path)
        }
        var bytes = Array(contents.utf8)
        let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            remove()
            throw CannotWrite(path: path)
        }
        bytes.removeAll()
    }

    func remove() {
        unlink(path)
        rmdir(directory)
    }
}

/// Every `slamctl` verb, in the order `--help` lists them.
let allVerbs = ["ping", "version", "tree", "snapshot", "find", "query", "refs", "tasks", "screens", "controllers", "press", "text", "type",
                "focus", "key", "update", "reset", "reset-app", "task", "state", "wait", "watch", "screen", "run", "call", "record", "open", "trace", "ui", "serve-task", "mcp", "instances"]
