#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension UnsafeRawBufferPointer {
    /// Whether both hold the same bytes: how names in a request (a method, a parameter) are matched
    /// where they lie, without making a Swift string.
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}
