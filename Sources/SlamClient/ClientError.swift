import SlamRPC

/// Why a client call failed.
public enum ClientError: Error, CustomStringConvertible, Equatable {
    /// No daemon listens at `path` (`errno` from `connect`).
    case cannotConnect(path: String, errno: Int32)
    /// The daemon closed the connection.
    case connectionClosed
    /// No answer within the timeout.
    case timedOut(milliseconds: Int)
    /// The daemon answered with a JSON-RPC error.
    case server(ResponseError)
    /// The daemon sent something that is not a valid message.
    case protocolViolation(String)
    /// A socket call failed.
    case system(call: String, errno: Int32)

    /// The failure in words, with the system's reason for `errno` errors.
    public var description: String {
        switch self {
        case let .cannotConnect(path, code):
            "cannot connect to \(path): \(String(cString: strerror(code)))"
        case .connectionClosed:
            "the daemon closed the connection"
        case .timedOut(let milliseconds):
            "no answer within \(milliseconds) ms"
        case .server(let error):
            "\(error.message) (code \(error.code.rawValue))"
        case .protocolViolation(let reason):
            "unexpected message from the daemon: \(reason)"
        case let .system(call, code):
            "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
