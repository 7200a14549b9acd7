import SlamJSON
import SlamProtocol
import SlamRPC

/// Thrown by a task handler to fail the run with this message (and `data`):
/// whoever ran the task gets -32010 saying so.
///
/// Any other error a handler throws fails the run too, described.
public struct TaskError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var data: JSONValue?

    public init(_ message: String, data: JSONValue? = nil) {
        self.message = message
        self.data = data
    }

    public var description: String { message }

    /// The error answer a client sends for a handler that threw `error`.
    static func answer(for error: any Error) -> ResponseError {
        if let failure = error as? TaskError {
            return ResponseError(code: .taskFailed, message: failure.message, data: failure.data)
        }
        return ResponseError(code: .taskFailed, message: String(describing: error))
    }
}
