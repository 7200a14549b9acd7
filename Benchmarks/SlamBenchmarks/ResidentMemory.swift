#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's resident set size, from `/proc/self/statm` (Linux).
enum ResidentMemory {
    /// Resident bytes now, or nil when `/proc` cannot be read.
    static func bytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared text lib data dt", in pages.
        let fields = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// Hands memory the allocator holds but no one uses back to the system, so
    /// that resident size reflects live objects rather than old garbage.
    /// (glibc's `malloc_trim`, looked up at run time: `<malloc.h>` is not in the Glibc module.)
    static func releaseFreedMemory() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
}
