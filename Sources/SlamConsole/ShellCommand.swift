#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program run to completion with extra environment variables, its output
/// and error output captured (`slamctl serve-task` runs a task's command so).
///
/// Standard input is `/dev/null`: a task's command has nobody to ask. The
/// program runs in a process group of its own, so that at its time limit it
/// is stopped with everything it started.
public struct ShellCommand: Sendable {
    /// What the command printed and how it ended.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var output: [UInt8]
        public var errorOutput: [UInt8]
        /// Whether it was stopped at its time limit.
        public var timedOut: Bool
    }

    /// The program (looked up in `PATH`) and its arguments.
    public let arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Runs the command with this process's environment plus `additions` (nil values removed).
    ///
    /// At `timeLimitMilliseconds` its process group gets SIGTERM, and SIGKILL a second later.
    /// It is over when the program exits: what it left running in the background may still
    /// hold its output open, and is not waited for.
    ///
    /// - Throws: ``UsageError`` when the program cannot be started (not found, not executable).
    public func run(adding additions: [String: String?], timeLimitMilliseconds: Int? = nil) throws(UsageError) -> Outcome {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { environment[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        for (name, value) in additions { environment[name] = value }

        var outputPipe: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
            throw UsageError("cannot run \(arguments[0]): pipe failed: \(String(cString: strerror(errno)))")
        }
        // Not inherited: the child gets them only as its standard output and error. Read without
        // blocking, so that reading stops when the program exits even if a background child keeps them open.
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        for descriptor in [outputPipe[0], errorPipe[0]] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw UsageError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        var outcome = Outcome(status: 0, output: [], errorOutput: [], timedOut: false)
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// Reads what is there; false once the pipe is at its end (everything holding it open closed it).
        func drain(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    bytes += buffer[0..<count]
                    continue
                }
                return !(count == 0 || (errno != EAGAIN && errno != EINTR))
            }
        }
        var outputOpen = true, errorOutputOpen = true
        let started = Self.nowMilliseconds()
        var killedAt: Int?
        var status: Int32 = 0
        while true {
            if outputOpen { outputOpen = drain(outputPipe[0], into: &outcome.output) }
            if errorOutputOpen { errorOutputOpen = drain(errorPipe[0], into: &outcome.errorOutput) }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            let elapsed = Self.nowMilliseconds() - started
            if let limit = timeLimitMilliseconds, elapsed >= limit {
                if killedAt == nil {
                    outcome.timedOut = true
                    killedAt = elapsed
                    kill(-pid, SIGTERM)
                } else if let killedAt, elapsed - killedAt >= 1000 {
                    kill(-pid, SIGKILL)
                }
            }
            // Woken by output, or at least every 20 ms to see whether the program has exited.
            var pollers = [(outputPipe[0], outputOpen), (errorPipe[0], errorOutputOpen)].filter(\.1).map {
                pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&pollers, nfds_t(pollers.count), 20)
        }
        if outputOpen { _ = drain(outputPipe[0], into: &outcome.output) }
        if errorOutputOpen { _ = drain(errorPipe[0], into: &outcome.errorOutput) }
        if outcome.timedOut { kill(-pid, SIGKILL) }
        let signal = status & 0x7f
        outcome.status = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return outcome
    }

    private static func nowMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
