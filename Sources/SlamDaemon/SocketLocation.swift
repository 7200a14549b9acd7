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

    /// The directory part of `path`.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
