#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A terminal call that failed.
public struct TerminalError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}
