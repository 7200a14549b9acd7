import SlamClient
import SlamProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A real `slamd` on a temporary socket, for tests: launched on creation,
/// stopped (SIGTERM, then SIGKILL if it lingers) and cleaned up by ``stop()``
/// or when released.
///
/// ```swift
/// let daemon = try DaemonProcess.launch(storyboard: "fixtures/counter.json")
/// let connection = try daemon.connect()
/// #expect(try connection.call("ping") == "pong")
/// #expect(try daemon.stop() == 0)
/// ```
public final class DaemonProcess {
    /// Why a daemon could not be launched.
    public struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong, readable in a test failure.
        public let description: String
    }

    /// The temporary directory holding the socket and the daemon's output.
    public let directory: String
    /// The Unix socket the daemon listens on; ``connect(timeoutMilliseconds:)`` uses it.
    public let socketPath: String
    /// The `slamd` process itself, to signal it or read its exit status.
    public let process: ChildProcess

    /// The daemon's standard error so far (its log).
    public var standardError: String {
        Self.read(directory + "/stderr.log")
    }

    /// Whether the daemon's log comes to contain `text` within `seconds`. slamd writes its log
    /// from a thread of its own (logging never waits for standard error), so a record shows
    /// there moments after what caused it, not at once.
    public func standardErrorEventually(contains text: String, within seconds: Double = 10) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !standardError.contains(text) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    private init(directory: String, socketPath: String, process: ChildProcess) {
        self.directory = directory
        self.socketPath = socketPath
        self.process = process
    }

    /// Starts `slamd` on a socket in a new temporary directory and waits until it listens.
    ///
    /// - Parameters:
    ///   - storyboard: a storyboard file to host instead of the demo app.
    ///   - arguments: more `slamd` options (without `--trace-dir`, traces go in the daemon's temporary directory).
    ///   - socketPath: a socket path to use instead of a fresh one.
    ///   - waitUntilListening: false to return at once (for daemons expected to fail).
    public static func launch(storyboard: String? = nil, arguments: [String] = [], socketPath: String? = nil,
                              waitUntilListening: Bool = true, timeoutSeconds: Double = 20) throws -> DaemonProcess {
        let directory = try makeTemporaryDirectory()
        let socket = socketPath ?? directory + "/slamd.sock"
        // Traces go in the daemon's own temporary directory (removed with it), not the user's state directory.
        let traces = arguments.contains("--trace-dir") ? [] : ["--trace-dir", directory + "/traces"]
        let arguments = ["--socket", socket] + (storyboard.map { ["--storyboard", $0] } ?? []) + traces + arguments
        let process = try ChildProcess(executable: try slamdPath(), arguments: arguments,
                                       standardOutputPath: directory + "/stdout.log",
                                       standardErrorPath: directory + "/stderr.log")
        let daemon = DaemonProcess(directory: directory, socketPath: socket, process: process)
        if waitUntilListening {
            var waited = 0.0
            while !daemon.standardOutput.contains("slamd listening on") {
                guard process.isRunning else {
                    throw LaunchError(description: "slamd exited with \(process.terminationStatus ?? -1): \(daemon.standardError)")
                }
                guard waited < timeoutSeconds else {
                    throw LaunchError(description: "slamd did not listen within \(timeoutSeconds) s: \(daemon.standardError)")
                }
                usleep(5_000)
                waited += 0.005
            }
        }
        return daemon
    }

    /// The daemon's standard output so far.
    public var standardOutput: String {
        Self.read(directory + "/stdout.log")
    }

    /// A new client connection.
    public func connect(timeoutMilliseconds: Int? = 30_000) throws -> SlamConnection {
        try SlamConnection(socketPath: socketPath, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Sends SIGTERM and waits for the exit (SIGKILL after `graceSeconds`); returns the exit status.
    @discardableResult
    public func stop(graceSeconds: Double = 10) -> Int32 {
        process.signal(SIGTERM)
        if let status = process.waitForExit(timeoutSeconds: graceSeconds) { return status }
        process.signal(SIGKILL)
        return process.waitForExit(timeoutSeconds: 20) ?? -1
    }

    /// Waits for the process to exit by itself; returns its status, or nil if it still runs.
    public func waitForExit(timeoutSeconds: Double = 10) -> Int32? {
        process.waitForExit(timeoutSeconds: timeoutSeconds)
    }

    deinit {
        stop(graceSeconds: 2)
        _ = try? runShell("rm -rf '\(directory)'")
    }

    /// `slamd` next to the running test binary, or `$SLAMD` when set.
    public static func slamdPath() throws -> String {
        try siblingExecutable(named: "slamd", overriddenBy: "SLAMD")
    }

    /// An executable built next to the running test binary (`slamd`, `slamctl`),
    /// or the path in `environmentVariable` when it is set.
    public static func siblingExecutable(named name: String, overriddenBy environmentVariable: String) throws -> String {
        if let explicit = getenv(environmentVariable) { return String(cString: explicit) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw LaunchError(description: "cannot read /proc/self/exe") }
        var directory = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Inside an .xctest bundle the binary may sit a level or two deeper.
        for _ in 0..<3 {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw LaunchError(description: "cannot find \(name) near the test binary; build it or set \(environmentVariable)")
    }

    /// A small text file's contents, read with POSIX calls: Foundation's
    /// `String(contentsOfFile:)` leaks a buffer per call, and launches poll these files.
    public static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` (created 0644 or truncated), with POSIX calls like ``read(_:)``.
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LaunchError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw LaunchError(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// A new directory under /tmp, mode 0700, for one daemon's files.
    public static func makeTemporaryDirectory() throws -> String {
        var template = Array("/tmp/slam-test-XXXXXX".utf8CString)
        guard let pointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw LaunchError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        return String(cString: pointer)
    }
}
