#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where `slamd` listens and clients look when no socket is given: the one
/// convention both sides share.
public enum DefaultSocketPath {
    /// `$XDG_RUNTIME_DIR/slam`, else `/tmp/slam-$UID`.
    public static var directory: String {
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            return runtime + "/slam"
        }
        return "/tmp/slam-\(getuid())"
    }

    /// `<directory>/slamd.sock`.
    public static var path: String { directory + "/slamd.sock" }
}
