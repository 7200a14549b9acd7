#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The renderer page's files: one directory, served read-only, read from disk at
/// each request (so `--web-root` shows edits without a restart).
///
/// Only plain names are served: each path segment made of letters, digits, `.`, `_`
/// and `-`, not starting with `.`; so `..`, hidden files, percent-escapes and
/// backslashes never reach the file system, and traversal out of the directory
/// cannot be spelled. Nor can it be linked: each segment is opened relative to the
/// one before with `O_NOFOLLOW`, so a symbolic link inside the directory (to a file
/// or a directory elsewhere) is not followed. `/` is `index.html`. Anything else, a
/// directory, a link or a missing file is not found.
struct WebRoot: Sendable {
    /// A file to send.
    struct File: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    /// The largest file served; the page's files are a few kilobytes.
    static let maximumFileBytes = 16 << 20

    let directory: String

    /// The file a request path names, or nil (404).
    func file(at path: Substring) -> File? {
        let relative = path == "/" ? "index.html" : path.dropFirst()
        guard path.hasPrefix("/"), Self.isPlain(relative) else { return nil }
        guard let bytes = Self.contentsOfRegularFile(relative.split(separator: "/"), in: directory) else { return nil }
        return File(bytes: bytes, contentType: Self.contentType(ofName: relative))
    }

    /// Whether every segment of `relative` is a plain name.
    static func isPlain(_ relative: Substring) -> Bool {
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty && segments.allSatisfy { segment in
            !segment.isEmpty && !segment.hasPrefix(".") && segment.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
    }

    /// The `Content-Type` for a file name; browsers run module scripts only when it is a JavaScript type.
    static func contentType(ofName name: Substring) -> String {
        let fileExtension = name.split(separator: "/").last?.split(separator: ".").dropFirst().last?.lowercased() ?? ""
        switch fileExtension {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    /// The bytes of the regular file at `segments` below `directory`, or nil for anything
    /// else (a link on the way included) or an error.
    private static func contentsOfRegularFile(_ segments: [Substring], in directory: String) -> [UInt8]? {
        var parent = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0, let last = segments.last else { return nil }
        for segment in segments.dropLast() {
            let next = openat(parent, String(segment), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(parent)
            guard next >= 0 else { return nil }
            parent = next
        }
        // O_NONBLOCK: opening a FIFO someone left in the directory must not stall the event loop.
        let descriptor = openat(parent, String(last), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        close(parent)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size <= maximumFileBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            count += got
        }
        return bytes
    }
}
