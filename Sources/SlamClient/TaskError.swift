import SlamJSON
import SlamProtocol
import SlamRPC

/// Thrown by a task handler to fail the run with this message (and `data`):
/// whoever ran the task gets -32010 saying so.
///
/// Any other error a handler throws fails the run too, described.
public struct TaskError: Error, Sendable, CustomStringConvertible {
    /// The message the failed run reports to whoever ran the task.
    public var message: String
    /// Extra detail sent as the error's `data`; nil sends none.
    public var data: JSONValue?

    /// A failure reporting `message` (and `data`) to whoever ran the task.
    public init(_ message: String, data: JSONValue? = nil) {
        self.message = message
        self.data = data
    }

    /// The message.
    public var description: String { message }

    /// The error answer a client sends for a handler that threw `error`.
    static func answer(for error: any Error) -> ResponseError {
        if let failure = error as? TaskError {
            return ResponseError(code: .taskFailed, message: failure.message, data: failure.data)
        }
        return ResponseError(code: .taskFailed, message: String(describing: error))
    }
}
