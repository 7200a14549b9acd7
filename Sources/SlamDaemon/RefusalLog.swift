import Logging
import NIOCore

/// Logs what the daemon refuses (a web request, a WebSocket frame, an unreadable
/// message, a peer of another user, a client cut off) without letting a flood of
/// them flood the log.
///
/// Each kind of refusal logs its first ``burst`` records in a window of
/// ``windowSeconds``; the rest of that window is only counted, and when the window
/// ends one record says how many more there were and what the last one was. A
/// client that sends a million bad requests costs a handful of log lines, not a
/// million (each also sent to every `log` subscriber). Lives on the daemon's event
/// loop, as every handler that uses it does.
final class RefusalLog {
    /// Records logged per kind and window before the rest are only counted.
    static let burst = 5
    static let windowSeconds: Int64 = 10

    private struct Window {
        var logged = 0
        var suppressed = 0
        var lastMessage = ""
        var level: Logger.Level = .notice
    }

    private let logger: Logger
    private var windows: [String: Window] = [:]

    init(logger: Logger) {
        self.logger = logger
    }

    /// Logs `message` (already escaped where a client chose its text) under `kind`, or counts it;
    /// `eventLoop` is the daemon's (where the window's summary is written when it ends).
    func log(_ kind: String, level: Logger.Level = .notice, on eventLoop: EventLoop, _ message: @autoclosure () -> String) {
        guard logger.logLevel <= level else { return }
        var window = windows[kind] ?? Window()
        if window.logged == 0 && window.suppressed == 0 {
            // A new window: its summary (if any record is held back) comes when it ends.
            eventLoop.assumeIsolated().scheduleTask(in: .seconds(Self.windowSeconds)) { [weak self] in
                self?.endWindow(kind)
            }
        }
        if window.logged < Self.burst {
            window.logged += 1
            logger.log(level: level, "\(message())")
        } else {
            window.suppressed += 1
            window.lastMessage = message()
            window.level = level
        }
        windows[kind] = window
    }

    private func endWindow(_ kind: String) {
        guard let window = windows.removeValue(forKey: kind), window.suppressed > 0 else { return }
        logger.log(level: window.level, """
            \(window.suppressed) more \(kind) in the last \(Self.windowSeconds) s, not logged one by one; the last: \
            \(window.lastMessage)
            """)
    }
}
