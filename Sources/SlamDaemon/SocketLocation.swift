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
        var directory = directory(of: socketPath)
        if !directory.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = String(cString: buffer)
                directory = directory == "." ? cwd : cwd + "/" + directory
            }
        }
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

    /// Where `trace.start` without a path writes: beside the socket, as an absolute path.
    public static func traceDirectory(socketPath: String) -> String {
        let directory = directory(of: socketPath)
        if directory.hasPrefix("/") { return directory }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return directory }
        let cwd = String(cString: buffer)
        return directory == "." ? cwd : (cwd == "/" ? "" : cwd) + "/" + directory
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
