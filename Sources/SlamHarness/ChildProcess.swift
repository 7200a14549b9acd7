#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process started with `posix_spawn`, its output going to files.
///
/// Foundation's `Process` leaks memory on every launch on Linux, which would
/// fail the suite's LeakSanitizer run; this is small and leaks nothing.
public final class ChildProcess {
    /// The child's process ID (for `kill` or logs).
    public let processIdentifier: pid_t
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; stdin is /dev/null, stdout and stderr go to the given files.
    ///
    /// The child starts with no signal blocked and every signal at its default
    /// action, whatever the calling thread had: test runners call from worker
    /// threads that block most signals, and a child inheriting that mask would
    /// ignore the SIGTERM or SIGINT meant to stop it.
    ///
    /// - Parameter environment: the whole environment; nil inherits this process's.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil,
                standardOutputPath: String, standardErrorPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardErrorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environmentStrings = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp = environmentStrings.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argvBuffer in
            if let envp {
                return envp.withUnsafeBufferPointer { envBuffer in
                    posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
                }
            }
            return posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, environ)
        }
        guard result == 0 else {
            throw DaemonProcess.LaunchError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
    }

    /// Whether the child has not exited yet (reaps it when it has).
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        let reaped = waitpid(processIdentifier, &status, WNOHANG)
        if reaped == processIdentifier {
            exitStatus = Self.decode(status)
            return false
        }
        return reaped == 0
    }

    /// The exit status (128 + signal for a signalled child), once it has exited.
    public var terminationStatus: Int32? {
        _ = isRunning
        return exitStatus
    }

    /// Sends signal `number` (`SIGTERM`, `SIGKILL`) to the child; does nothing once it has exited.
    public func signal(_ number: Int32) {
        if isRunning { kill(processIdentifier, number) }
    }

    /// Waits up to `timeoutSeconds` for the child to exit; returns its status or nil.
    @discardableResult
    public func waitForExit(timeoutSeconds: Double) -> Int32? {
        var waited = 0.0
        while isRunning && waited < timeoutSeconds {
            usleep(2_000)
            waited += 0.002
        }
        return exitStatus
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// Runs `command` with `/bin/sh -c`; returns its exit status and combined output.
public func runShell(_ command: String, timeoutSeconds: Double = 60) throws -> (status: Int32, output: String) {
    let directory = try DaemonProcess.makeTemporaryDirectory()
    defer { unlink(directory + "/out"); rmdir(directory) }
    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", command + " 2>&1"],
                                 standardOutputPath: directory + "/out", standardErrorPath: "/dev/null")
    let status = child.waitForExit(timeoutSeconds: timeoutSeconds) ?? {
        child.signal(SIGKILL)
        return child.waitForExit(timeoutSeconds: 20) ?? -1
    }()
    return (status, DaemonProcess.read(directory + "/out"))
}
