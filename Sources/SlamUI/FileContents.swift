#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads local files for elements that show them (text views, web views)
/// without pulling Foundation into the framework.
public enum FileContents {
    /// The file's bytes as UTF-8 text (invalid sequences repaired), or nil when it cannot be read.
    public static func readText(atPath path: String) -> String? {
        readBytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes, or nil when it cannot be read (see ``read(atPath:maximumBytes:)``).
    public static func readBytes(atPath path: String) -> [UInt8]? {
        try? read(atPath: path).get()
    }

    /// Why a file could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason, as a message says it after the file's name ("No such file or directory", "it is not a regular file").
        public let description: String
    }

    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    ///
    /// Only a regular file is read: a FIFO, a device or a socket is refused without blocking (a
    /// FIFO with no writer would hold the daemon's only thread), as is one larger than `maximumBytes`.
    public static func read(atPath path: String, maximumBytes: Int = .max) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(Failure(description: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Failure(description: String(cString: strerror(errno)))) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            return .failure(Failure(description: kind == S_IFDIR ? String(cString: strerror(EISDIR)) : "it is not a regular file"))
        }
        guard Int(status.st_size) <= maximumBytes else {
            return .failure(Failure(description: "it is \(status.st_size) bytes, more than \(maximumBytes)"))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(description: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumBytes else {
                return .failure(Failure(description: "it grew past \(maximumBytes) bytes while it was read"))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(bytes)
    }
}

/// The C library's `read`, which ``FileContents/read(atPath:maximumBytes:)`` hides inside the type.
private func readChunk(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Resolves resource paths named by storyboards and elements.
public enum ResourcePath {
    /// `path` itself when absolute, else `path` inside `directory` (or as given without one).
    public static func resolve(_ path: String, in directory: String?) -> String {
        guard !path.hasPrefix("/"), let directory, !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
