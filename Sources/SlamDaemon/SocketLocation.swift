#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

import SlamProtocol

/// Where the daemon listens by default, and the guarantees about that place.
public enum SocketLocation {
    /// `$XDG_RUNTIME_DIR/slam/slamd.sock`, else `/tmp/slam-$UID/slamd.sock`.
    public static func defaultPath() -> String {
        DefaultSocketPath.path
    }

    public static func defaultDirectory() -> String {
        DefaultSocketPath.directory
    }

    /// Creates `directory` with mode 0700 when missing, and makes an existing one 0700;
    /// refuses one owned by another user (a shared /tmp is exactly where that matters).
    public static func prepareDirectory(_ directory: String) throws(DaemonError) {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .system(call: "mkdir", path: directory, errno: errno)
        }
        var status = stat()
        guard lstat(directory, &status) == 0 else { throw .system(call: "stat", path: directory, errno: errno) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .unsafeDirectory(path: directory, reason: "it is not a directory")
        }
        guard status.st_uid == getuid() else {
            throw .unsafeDirectory(path: directory, reason: "it belongs to uid \(status.st_uid), not \(getuid())")
        }
        // Exactly 0700, whatever the umask made of mkdir's mode: wider is unsafe, narrower unusable.
        if status.st_mode & 0o777 != 0o700, chmod(directory, 0o700) != 0 {
            throw .system(call: "chmod", path: directory, errno: errno)
        }
    }

    /// Checks that users other than the daemon's can reach a socket at `socketPath`
    /// (`--allow-uid`, `--allow-any-user`): every directory above it must let them
    /// pass (search permission for its group or for others).
    public static func checkReachableByOthers(socketPath: String) throws(DaemonError) {
        var directory = absolute(directory(of: socketPath))
        while true {
            var status = stat()
            if stat(directory, &status) == 0, status.st_mode & (S_IXGRP | S_IXOTH) == 0 {
                let mode = String(status.st_mode & 0o777, radix: 8)
                throw .socketUnreachable("""
                    --allow-uid/--allow-any-user: other users cannot reach the socket: \(directory) lets only its owner in \
                    (mode \(mode)); choose a --socket in a directory they can pass (the default directory is private on purpose)
                    """)
            }
            guard directory != "/", !directory.isEmpty else { return }
            directory = Self.directory(of: directory)
        }
    }

    /// `directory` as an absolute path (a relative one is taken from the working directory).
    public static func absolute(_ directory: String) -> String {
        if directory.hasPrefix("/") { return directory }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return directory }
        let cwd = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return directory == "." ? cwd : (cwd == "/" ? "" : cwd) + "/" + directory
    }

    /// Makes `--trace-dir DIR` ready: absolute, created 0700 when missing (its parent must exist),
    /// made 0700, refused when it is not a directory or belongs to another user.
    public static func prepareTraceDirectory(_ directory: String) throws(DaemonError) -> String {
        let path = absolute(directory)
        do {
            try prepareDirectory(path)
        } catch {
            switch error {
            case let .unsafeDirectory(_, reason): throw .unusableTraceDirectory(path: path, reason: reason)
            case let .system(call, _, code): throw .unusableTraceDirectory(path: path, reason: "\(call): \(String(cString: strerror(code)))")
            default: throw error
            }
        }
        return path
    }

    /// Where `trace.start` writes when slamd has no `--trace-dir`: `$XDG_STATE_HOME/slam/traces`,
    /// else `~/.local/state/slam/traces`, made ready as ``prepareTraceDirectory(_:)`` does (the state
    /// directory itself created 0700 when missing); when neither can be used, the directory beside
    /// the socket. `problem` says why the state directory was passed over (for the log), nil when it was not.
    public static func defaultTraceDirectory(socketPath: String) -> (path: String, problem: String?) {
        var problem = "neither XDG_STATE_HOME nor HOME is set to an absolute path"
        for base in stateDirectories() {
            do {
                try makeParents(of: base)
                try prepareDirectory(base + "/slam")
                return (try prepareTraceDirectory(base + "/slam/traces"), nil)
            } catch {
                problem = "\(error)"
            }
        }
        return (absolute(directory(of: socketPath)), problem)
    }

    /// `$XDG_STATE_HOME` (when absolute, as the XDG spec wants), then `$HOME/.local/state`.
    private static func stateDirectories() -> [String] {
        var candidates: [String] = []
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") { candidates.append(state) }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            candidates.append((home == "/" ? "" : home) + "/.local/state")
        }
        return candidates
    }

    /// Creates `path` and its missing ancestors, mode 0700 (the XDG spec's mode for a state directory it must create).
    private static func makeParents(of path: String) throws(DaemonError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw .system(call: "mkdir", path: prefix, errno: errno) }
        }
    }

    /// How default trace files begin: the socket's file name without `.sock` (`slamd` for the default socket).
    public static func traceNamePrefix(socketPath: String) -> String {
        var name = socketPath.split(separator: "/").last.map(String.init) ?? "slamd"
        if name.hasSuffix(".sock"), name.count > 5 { name.removeLast(5) }
        return name
    }

    /// The directory part of `path`.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
