import Synchronization
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
/// is stopped with everything it started; SIGINT, SIGTERM and SIGHUP that reach
/// this process meanwhile are passed on to that group, then end this process
/// as they would have. At most ``maximumCapturedBytes`` of each output are kept.
public struct ShellCommand: Sendable {
    /// What is kept of each output; the rest is read and dropped (`yes` must not fill the memory).
    public static let maximumCapturedBytes = 1 << 20

    /// What the command printed and how it ended.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var output: [UInt8]
        public var errorOutput: [UInt8]
        /// Whether it was stopped at its time limit.
        public var timedOut: Bool
        /// Whether an output was longer than ``ShellCommand/maximumCapturedBytes`` (what is kept is its beginning).
        public var truncated: Bool
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
        guard pipe(&outputPipe) == 0 else {
            throw UsageError("cannot run \(arguments[0]): pipe failed: \(String(cString: strerror(errno)))")
        }
        guard pipe(&errorPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            close(outputPipe[0])
            close(outputPipe[1])
            throw UsageError("cannot run \(arguments[0]): pipe failed: \(reason)")
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
        // The handlers go in before the command starts: an interrupt that comes while it is starting
        // (its group not known yet) is held and passed on once it is, never leaving the command behind.
        ShellCommand.heldSignal.store(0, ordering: .sequentiallyConsistent)
        let previousHandlers = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, ShellCommand.passOn)) }
        defer {
            ShellCommand.runningGroup.store(0, ordering: .sequentiallyConsistent)
            for (number, handler) in previousHandlers { signal(number, handler) }
            // One that came as the command ended, too late for it, still ends this process as it would have.
            let late = ShellCommand.heldSignal.exchange(0, ordering: .sequentiallyConsistent)
            if late != 0 { raise(late) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            ShellCommand.endWithHeldSignal(group: 0)
            throw UsageError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        var outcome = Outcome(status: 0, output: [], errorOutput: [], timedOut: false, truncated: false)
        ShellCommand.runningGroup.store(pid, ordering: .sequentiallyConsistent)
        ShellCommand.endWithHeldSignal(group: pid)
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Kept apart from `outcome`: `drain` writes into one of its members, passed inout.
        var truncated = false
        /// Reads what is there (a bounded amount, so the time limit is looked at even while output
        /// pours in); false once the pipe is at its end (everything holding it open closed it).
        func drain(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
            for _ in 0..<16 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let kept = min(count, max(0, Self.maximumCapturedBytes - bytes.count))
                    bytes += buffer[0..<kept]
                    if kept < count { truncated = true }
                    continue
                }
                return !(count == 0 || (errno != EAGAIN && errno != EINTR))
            }
            return true
        }
        var outputOpen = true, errorOutputOpen = true
        let started = ContinuousClock.now
        var killedAt: Int?
        var status: Int32 = 0
        while true {
            if outputOpen { outputOpen = drain(outputPipe[0], into: &outcome.output) }
            if errorOutputOpen { errorOutputOpen = drain(errorPipe[0], into: &outcome.errorOutput) }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR {
                status = 127 << 8  // it cannot be waited for: nothing says it succeeded
                break
            }
            let elapsed = Int((ContinuousClock.now - started) / .milliseconds(1))
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
        outcome.truncated = truncated
        if outcome.timedOut { kill(-pid, SIGKILL) }
        let endingSignal = status & 0x7f
        outcome.status = endingSignal == 0 ? (status >> 8) & 0xff : 128 + endingSignal
        return outcome
    }

    /// The process group of the command running now (0: none, or not started yet), for the signal handler.
    private static let runningGroup = Atomic<pid_t>(0)
    /// A signal that came while the command was starting, held until its group is known.
    private static let heldSignal = Atomic<Int32>(0)

    /// Passes a signal that would end this process on to the command's group, then ends this process with it;
    /// while the command is starting, holds it for ``endWithHeldSignal(group:)``.
    ///
    /// The handler may run on another thread while the command is starting: it holds the signal
    /// first and looks at the group second, while the starter records the group first and takes
    /// the held signal second, so one of the two always sees the other and exactly one of them
    /// (whoever takes the held signal) passes it on.
    private static let passOn: @convention(c) (Int32) -> Void = { number in
        heldSignal.store(number, ordering: .sequentiallyConsistent)
        let group = runningGroup.load(ordering: .sequentiallyConsistent)
        guard group > 0, heldSignal.exchange(0, ordering: .sequentiallyConsistent) != 0 else { return }
        kill(-group, number)
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Once the command's group is known (`group`; 0 when it could not start), a signal held meanwhile
    /// is passed on to it and ends this process, as it would have.
    private static func endWithHeldSignal(group: pid_t) {
        let number = heldSignal.exchange(0, ordering: .sequentiallyConsistent)
        guard number != 0 else { return }
        if group > 0 { kill(-group, number) }
        signal(number, SIG_DFL)
        raise(number)
    }
}
