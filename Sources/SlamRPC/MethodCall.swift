/// Everything a handler learns about one call.
public struct MethodCall<Context> {
    public let method: String
    public let arguments: Arguments
    /// Whatever the transport attached (for the daemon: the connection).
    public let context: Context
    /// True for a notification: the handler runs, but nobody will see its result.
    public let isNotification: Bool
}
