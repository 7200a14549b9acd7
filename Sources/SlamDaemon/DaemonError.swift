/// Why the daemon could not start.
public enum DaemonError: Error, CustomStringConvertible, Sendable {
    /// Another live daemon holds the socket's lock.
    case socketInUse(path: String, ownerPID: Int32?)
    /// A file system call failed.
    case system(call: String, path: String, errno: Int32)
    /// The socket directory belongs to someone else or is reachable by others.
    case unsafeDirectory(path: String, reason: String)
    /// `--trace-dir` cannot be made or used (another user's, not a directory, a system error).
    case unusableTraceDirectory(path: String, reason: String)
    /// `--web` cannot be served as asked (an address that is not loopback without
    /// `--web-allow-remote`, a missing page directory); says what and why.
    case webUnavailable(String)
    /// `--allow-uid` or `--allow-any-user` with a socket other users cannot reach.
    case socketUnreachable(String)
    /// `--web-token-file` names a file that cannot be used (a symlink, another user's, readable by others, no token in it).
    case unusableTokenFile(path: String, reason: String)

    public var description: String {
        switch self {
        case let .socketInUse(path, pid):
            "another slamd\(pid.map { " (pid \($0))" } ?? "") is serving \(path); stop it first or choose another --socket"
        case let .system(call, path, code):
            "\(call) \(path) failed: \(String(cString: strerror(code)))"
        case let .unsafeDirectory(path, reason):
            "refusing socket directory \(path): \(reason)"
        case let .unusableTraceDirectory(path, reason):
            "cannot use the trace directory \(path) (--trace-dir): \(reason)"
        case let .webUnavailable(reason), let .socketUnreachable(reason):
            reason
        case let .unusableTokenFile(path, reason):
            "cannot use the web token file \(path) (--web-token-file): \(reason)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
