#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program run to completion with extra environment variables, its output
/// and error output captured (`slamctl serve-task` runs a task's command so).
///
/// Standard input is `/dev/null`: a task's command has nobody to ask.
public struct ShellCommand: Sendable {
    /// What the command printed and how it ended.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var output: [UInt8]
        public var errorOutput: [UInt8]
    }

    /// The program (looked up in `PATH`) and its arguments.
    public let arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Runs the command with this process's environment plus `additions` (nil values removed).
    ///
    /// - Throws: ``UsageError`` when the program cannot be started (not found, not executable).
    public func run(adding additions: [String: String?]) throws(UsageError) -> Outcome {
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
        // Not inherited: the child gets them only as its standard output and error.
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw UsageError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var outcome = Outcome(status: 0, output: [], errorOutput: [])
        // Both pipes are read as they fill: a command that writes much to one must not block on it.
        var open: [(descriptor: Int32, isError: Bool)] = [(outputPipe[0], false), (errorPipe[0], true)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var pollers = open.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            if poll(&pollers, nfds_t(pollers.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for (index, poller) in pollers.enumerated().reversed() where poller.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if open[index].isError { outcome.errorOutput += buffer[0..<count] } else { outcome.output += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    close(poller.fd)
                    open.remove(at: index)
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        outcome.status = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return outcome
    }
}
