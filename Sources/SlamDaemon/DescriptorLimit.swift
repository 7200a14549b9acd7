#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
///
/// Many systems start a process with a soft limit of 1,024 and a much higher hard
/// limit; a daemon that serves every local client should use what it may, so slamd
/// raises the soft limit to the hard one at start (the systemd unit also sets
/// `LimitNOFILE`).
public enum DescriptorLimit {
    /// The soft limit now.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return -1 }
        return limit.rlim_cur == rlim_t.max ? Int.max : Int(limit.rlim_cur)
    }

    /// Raises the soft limit to the hard limit; returns the limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return -1 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return current
    }
}
