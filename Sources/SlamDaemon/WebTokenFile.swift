#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `--web-token-file PATH`: a token kept across restarts, for development, so an open
/// page reconnects by itself after `slamd` restarts instead of needing the new address.
///
/// The file is the user's own secret: created 0600 with a fresh token when missing,
/// read when present; refused when it is a symbolic link, not a regular file, another
/// user's, or readable or writable by others (anyone who can read it drives the UI).
enum WebTokenFile {
    /// The token the file holds, or a new one written to a file made for it.
    static func token(at path: String) throws(DaemonError) -> WebToken {
        // O_EXCL with O_CREAT never follows a symlink; O_NOFOLLOW refuses one when reading.
        let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if created >= 0 {
            defer { close(created) }
            let token = WebToken()
            let line = Array("\(token)\n".utf8)
            let written = line.withUnsafeBytes { write(created, $0.baseAddress, $0.count) }
            guard written == line.count else {
                let code = errno
                unlink(path)
                throw .unusableTokenFile(path: path, reason: String(cString: strerror(code)))
            }
            return token
        }
        guard errno == EEXIST else { throw .unusableTokenFile(path: path, reason: String(cString: strerror(errno))) }
        return try readToken(path)
    }

    private static func readToken(_ path: String) throws(DaemonError) -> WebToken {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw .unusableTokenFile(path: path, reason: code == ELOOP ? "it is a symbolic link: name the file itself"
                                                                       : String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unusableTokenFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unusableTokenFile(path: path, reason: "it is not a regular file") }
        guard status.st_uid == getuid() else {
            throw .unusableTokenFile(path: path, reason: "it belongs to uid \(status.st_uid), not to you (uid \(getuid()))")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .unusableTokenFile(path: path, reason: "other users may read or write it (mode \(String(status.st_mode & 0o777, radix: 8))): "
                                     + "chmod 600 \(path), and make a new token if they could have read it (remove the file)")
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw .unusableTokenFile(path: path, reason: String(cString: strerror(errno))) }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingWhitespace
        guard let token = WebToken(hexDigits: text) else {
            throw .unusableTokenFile(path: path, reason: "it does not hold a token (64 hexadecimal digits): "
                                     + "remove it and slamd writes a new one")
        }
        return token
    }
}

private extension String {
    var trimmingWhitespace: Substring {
        var result = Substring(self)
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
