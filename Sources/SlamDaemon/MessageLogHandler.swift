import Logging

/// Hands each log record's message to a closure, every level accepted, so each message is built as
/// in a debug run: the web fuzzer discards them, tests read what was logged.
struct MessageLogHandler: LogHandler {
    let take: @Sendable (String) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(_ take: @escaping @Sendable (String) -> Void) {
        self.take = take
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        take(event.message.description)
    }
}
