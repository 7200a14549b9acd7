import SlamJSON

/// Everything a handler learns about one call.
///
/// `params` borrows the request's parsed document: read it while the handler
/// runs (a deferred handler too: before it returns), never afterwards.
public struct MethodCall<Context> {
    public let method: String
    /// The params exactly as sent (an object or an array), nil when there were none.
    public let params: JSONElement?
    /// Whatever the transport attached (for the daemon: the connection).
    public let context: Context
    /// True for a notification: the handler runs, but nobody will see its result.
    public let isNotification: Bool

    @usableFromInline
    init(method: String, params: JSONElement?, context: Context, isNotification: Bool) {
        self.method = method
        self.params = params
        self.context = context
        self.isNotification = isNotification
    }
}
