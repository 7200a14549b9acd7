#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive lock on `<socket>.lock`, held for the daemon's lifetime, so a
/// live daemon's socket is never taken over while a stale one can be replaced.
///
/// The lock file is left in place on exit: removing it would let a daemon that
/// opened it just before lock a file nobody else can see.
public final class SocketLock {
    public let path: String
    private let descriptor: Int32

    /// Takes the lock and writes this process's pid into the file.
    ///
    /// - Throws: ``DaemonError/socketInUse(path:ownerPID:)`` when another process holds it.
    public init(socketPath: String) throws(DaemonError) {
        path = socketPath + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let owner = Self.readPID(descriptor)
            close(descriptor)
            throw .socketInUse(path: socketPath, ownerPID: owner)
        }
        self.descriptor = descriptor
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        close(descriptor)  // releases the lock
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).filter(\.isNumber))
    }
}
