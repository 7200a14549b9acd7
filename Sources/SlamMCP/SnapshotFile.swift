#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where slam_snapshot writes a snapshot an agent asked to keep out of its context.
enum SnapshotFile {
    /// `filename` as an absolute path: a relative one is relative to the server's working directory.
    static func absolutePath(_ filename: String) -> String {
        guard !filename.hasPrefix("/"), let directory = getcwd(nil, 0) else { return filename }
        defer { free(directory) }
        let base = String(cString: directory)
        let relative = filename.hasPrefix("./") ? String(filename.dropFirst(2)) : filename
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Writes `text` to `path` (replacing the file); nil when it worked, else the system's reason.
    static func write(_ text: String, to path: String) -> String? {
        guard let file = fopen(path, "w") else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let failure = written == bytes.count ? nil : String(cString: strerror(errno))
        return fclose(file) == 0 ? failure : failure ?? String(cString: strerror(errno))
    }
}
