import SlamClient
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `slamd` that `slamctl mcp --launch` starts for itself: on a socket in a private temporary
/// directory, its output on slamctl's standard error (standard output carries only MCP), stopped
/// and cleaned up by ``stop()``.
final class LaunchedDaemon: Sendable {
    let socketPath: String
    let processIdentifier: pid_t
    private let directory: String
    /// Whether the daemon was stopped; held through a stop, so that a second caller (a signal while the
    /// input's end stops it) waits until the first is done instead of ending slamctl halfway.
    private let isStopped = Mutex(false)

    /// Starts the `slamd` beside this executable, else the one on `PATH`, and waits until it answers.
    ///
    /// - Throws: ``CommandFailed`` when there is no slamd, it exits, or it does not listen within 20 s.
    init(storyboard: String?, arguments: [String]) throws {
        var template = Array("/tmp/slamctl-mcp-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CommandFailed(description: "cannot make a directory for slamd's socket: \(Output.systemMessage(errno))")
        }
        directory = String(cString: created)
        socketPath = directory + "/slamd.sock"
        let executable = Self.slamdExecutable()
        let argv = [executable, "--socket", socketPath] + (storyboard.map { ["--storyboard", $0] } ?? []) + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let pointers = argv.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        // slamd starts with no signal blocked and every one at its default action, whatever slamctl blocks.
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
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, executable, &actions, &attributes, pointers, environ)
        guard spawned == 0 else {
            rmdir(directory)
            throw CommandFailed(description: "cannot start \(executable): \(Output.systemMessage(spawned)); "
                                + "install slamd beside slamctl or on PATH")
        }
        processIdentifier = pid
        try waitUntilListening()
    }

    /// Stops the daemon (SIGTERM, SIGKILL after ten seconds) and removes its directory.
    func stop() {
        isStopped.withLock { stopped in
            // Only once: a second kill could reach another process that took the reaped one's number.
            guard !stopped else { return }
            stopped = true
            kill(processIdentifier, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(10)
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, WNOHANG) == 0 {
                if ContinuousClock.now > deadline {
                    kill(processIdentifier, SIGKILL)
                    _ = waitpid(processIdentifier, &status, 0)
                    break
                }
                usleep(5_000)
            }
            unlink(socketPath)
            rmdir(directory)
        }
    }

    private func waitUntilListening() throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            if let connection = try? SlamConnection(socketPath: socketPath, timeoutMilliseconds: 5_000) {
                connection.close()
                return
            }
            var status: Int32 = 0
            if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier {
                rmdir(directory)
                throw CommandFailed(description: "slamd exited before it listened (its messages are above)")
            }
            guard ContinuousClock.now < deadline else {
                stop()
                throw CommandFailed(description: "slamd did not listen at \(socketPath) within 20 s")
            }
            usleep(10_000)
        }
    }

    /// `slamd` in the directory of this executable when there is one (an install, a build), else `slamd` for `PATH`.
    private static func slamdExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let sibling = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/slamd"
            if access(sibling, X_OK) == 0 { return sibling }
        }
        return "slamd"
    }
}
