import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Sends daemon log records to clients subscribed to `log` events.
///
/// Install ``handler(label:)`` in the logging system (next to stderr); the
/// daemon connects the forwarder once its service exists. Records are handed
/// to the event loop, never delivered in the middle of another operation.
public final class LogForwarder: Sendable {
    private let target = NIOLockedValueBox<(@Sendable (Logger.Level, String) -> Void)?>(nil)

    public init() {}

    /// A log handler that forwards every record at or above its level.
    public func handler(label: String) -> LogHandler {
        ForwardingLogHandler(forwarder: self)
    }

    func connect(loop: EventLoop, state: NIOLoopBound<DaemonState>) {
        target.withLockedValue {
            $0 = { level, message in
                loop.execute { for service in state.value.instances.all { service.emitLog(level: level.rawValue, message: message) } }
            }
        }
    }

    /// Stops forwarding (at shutdown), releasing the daemon's state.
    func disconnect() {
        target.withLockedValue { $0 = nil }
    }

    func forward(_ level: Logger.Level, _ message: String) {
        target.withLockedValue { $0 }?(level, message)
    }
}

struct ForwardingLogHandler: LogHandler {
    let forwarder: LogForwarder
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        forwarder.forward(event.level, event.message.description)
    }
}
