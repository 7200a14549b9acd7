#if canImport(Glibc)
import Glibc
#endif

/// Writes lines to stdout and stderr through the file descriptors: safe in Swift 6
/// and unbuffered where it matters (a `watch` piped into another program).
enum Output {
    static func line(_ text: String, terminator: Bool = true) {
        write(1, terminator ? text + "\n" : text)
    }

    static func error(_ text: String) {
        write(2, text + "\n")
    }

    /// `strerror(code)` as a Swift string.
    static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
