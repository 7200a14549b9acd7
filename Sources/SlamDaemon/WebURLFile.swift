#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `SOCKET.web`: the web UI's URL, token included, in a file only the daemon's
/// user can read (0600), beside the socket, for `slamctl open`. Removed on exit.
final class WebURLFile {
    let path: String

    /// Writes `url` and a newline, replacing a file a daemon that died left behind
    /// (the caller holds the socket's lock, so no live daemon owns it).
    init(socketPath: String, url: String) throws(DaemonError) {
        path = socketPath + ".web"
        unlink(path)
        // O_EXCL with O_CREAT never follows a symlink: the token cannot be steered into another file.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        defer { close(descriptor) }
        let line = Array((url + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let code = errno
            unlink(path)
            throw .system(call: "write", path: path, errno: code)
        }
    }

    func remove() {
        unlink(path)
    }
}
