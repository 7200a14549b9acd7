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

    /// The file's bytes, or nil when it cannot be read.
    public static func readBytes(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}

/// Resolves resource paths named by storyboards and elements.
public enum ResourcePath {
    /// `path` itself when absolute, else `path` inside `directory` (or as given without one).
    public static func resolve(_ path: String, in directory: String?) -> String {
        guard !path.hasPrefix("/"), let directory, !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
