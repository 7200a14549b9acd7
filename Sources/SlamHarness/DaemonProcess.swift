import Foundation
import SlamClient

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
        public let description: String
    }

    /// The temporary directory holding the socket and the daemon's output.
    public let directory: String
    public let socketPath: String
    public let process: Process
    private var stopped = false

    /// The daemon's standard error so far (its log).
    public var standardError: String {
        (try? String(contentsOfFile: directory + "/stderr.log", encoding: .utf8)) ?? ""
    }

    private init(directory: String, socketPath: String, process: Process) {
        self.directory = directory
        self.socketPath = socketPath
        self.process = process
    }

    /// Starts `slamd` on a socket in a new temporary directory and waits until it listens.
    ///
    /// - Parameters:
    ///   - storyboard: a storyboard file to host instead of the demo app.
    ///   - arguments: more `slamd` options.
    ///   - socketPath: a socket path to use instead of a fresh one.
    ///   - waitUntilListening: false to return at once (for daemons expected to fail).
    public static func launch(storyboard: String? = nil, arguments: [String] = [], socketPath: String? = nil,
                              waitUntilListening: Bool = true, timeoutSeconds: Double = 20) throws -> DaemonProcess {
        let directory = try makeTemporaryDirectory()
        let socket = socketPath ?? directory + "/slamd.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try slamdPath())
        process.arguments = ["--socket", socket] + (storyboard.map { ["--storyboard", $0] } ?? []) + arguments
        FileManager.default.createFile(atPath: directory + "/stdout.log", contents: nil)
        FileManager.default.createFile(atPath: directory + "/stderr.log", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: directory + "/stdout.log")
        process.standardError = FileHandle(forWritingAtPath: directory + "/stderr.log")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let daemon = DaemonProcess(directory: directory, socketPath: socket, process: process)
        if waitUntilListening {
            let deadline = Date().addingTimeInterval(timeoutSeconds)
            while !daemon.standardOutput.contains("slamd listening on") {
                guard process.isRunning else {
                    throw LaunchError(description: "slamd exited with \(process.terminationStatus): \(daemon.standardError)")
                }
                guard Date() < deadline else {
                    throw LaunchError(description: "slamd did not listen within \(timeoutSeconds) s: \(daemon.standardError)")
                }
                usleep(5_000)
            }
        }
        return daemon
    }

    /// The daemon's standard output so far.
    public var standardOutput: String {
        (try? String(contentsOfFile: directory + "/stdout.log", encoding: .utf8)) ?? ""
    }

    /// A new client connection.
    public func connect(timeoutMilliseconds: Int? = 10_000) throws -> SlamConnection {
        try SlamConnection(socketPath: socketPath, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Sends SIGTERM and waits for the exit (SIGKILL after `graceSeconds`); returns the exit status.
    @discardableResult
    public func stop(graceSeconds: Double = 10) -> Int32 {
        guard !stopped else { return process.terminationStatus }
        stopped = true
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(graceSeconds)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for the process to exit by itself; returns its status.
    public func waitForExit(timeoutSeconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { return nil }
        stopped = true
        return process.terminationStatus
    }

    deinit {
        stop(graceSeconds: 2)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `slamd` next to the running test binary, or `$SLAMD` when set.
    public static func slamdPath() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["SLAMD"] { return explicit }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // Inside an .xctest bundle the binary sits one level deeper on some platforms.
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("slamd").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw LaunchError(description: "cannot find slamd next to \(executable); build it or set SLAMD")
    }

    static func makeTemporaryDirectory() throws -> String {
        var template = Array("/tmp/slam-test-XXXXXX".utf8CString)
        guard let pointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw LaunchError(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        return String(cString: pointer)
    }
}
