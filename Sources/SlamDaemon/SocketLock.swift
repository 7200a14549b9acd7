#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive lock on `<socket>.lock`, held for the daemon's lifetime, so a
/// live daemon's socket is never taken over while a stale one can be replaced.
///
/// The file is removed when the lock is let go (a clean stop, or a start refused
/// after the lock was taken), while it is still held, and only then: a daemon
/// refused because another holds the lock never touches the file. Removing a file
/// another daemon may have opened is safe because taking the lock checks, once it
/// holds it, that the path still names the file it locked; one that was removed or
/// replaced meanwhile is let go and the path opened again. A daemon that dies
/// leaves the file, which the next one locks and reuses.
public final class SocketLock {
    public let path: String
    private var descriptor: Int32

    /// Takes the lock and writes this process's pid into the file.
    ///
    /// - Throws: ``DaemonError/socketInUse(path:ownerPID:)`` when another process holds it.
    public init(socketPath: String) throws(DaemonError) {
        path = socketPath + ".lock"
        descriptor = try Self.lockedDescriptor(path: path, socketPath: socketPath)
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Removes the file and lets the lock go (idempotent; the deinitializer does it too).
    public func release() {
        guard descriptor >= 0 else { return }
        // Unlinked before it is unlocked: nobody can lock this file and find it still in place.
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }

    /// Opens and locks the file the path names, again when the one locked was removed or replaced meanwhile.
    private static func lockedDescriptor(path: String, socketPath: String) throws(DaemonError) -> Int32 {
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let owner = readPID(descriptor)
                close(descriptor)
                throw .socketInUse(path: socketPath, ownerPID: owner)
            }
            var locked = stat(), named = stat()
            if fstat(descriptor, &locked) == 0, stat(path, &named) == 0,
               locked.st_dev == named.st_dev, locked.st_ino == named.st_ino {
                return descriptor
            }
            // The daemon that held it removed it on stopping: the lock to take is the path's new file.
            close(descriptor)
        }
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).filter(\.isNumber))
    }
}
