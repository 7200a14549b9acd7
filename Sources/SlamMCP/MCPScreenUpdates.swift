import SlamJSON
import SlamProtocol
import SlamRPC
import Synchronization

/// Tells a subscriber that `slam://screen` changed: once per burst of `changed` and `navigated`
/// notifications, not once per notification.
///
/// The daemon sends what a request changed after that request's reply, and answers a later
/// `ping` on the same connection only after them; so the first notification of a burst starts
/// a `ping`, and its answer marks the burst's end and sends one update.
final class MCPScreenUpdates: Sendable {
    private let session: MCPSession
    private let send: @Sendable () -> Void
    private let state = Mutex<(observer: Int?, pending: Bool, stopped: Bool)>((nil, false, false))

    init(session: MCPSession, send: @escaping @Sendable () -> Void) {
        self.session = session
        self.send = send
    }

    /// Starts following the session's notifications.
    func start() {
        let token = session.observe { [weak self] notification in
            guard notification.method == EventKind.changed.rawValue || notification.method == EventKind.navigated.rawValue else { return }
            self?.changed()
        }
        let stoppedMeanwhile = state.withLock { state in
            state.observer = token
            return state.stopped
        }
        if stoppedMeanwhile { session.stopObserving(token) }
    }

    /// Stops following; an update under way is dropped.
    func stop() {
        let token = state.withLock { state in
            state.stopped = true
            defer { state.observer = nil }
            return state.observer
        }
        if let token { session.stopObserving(token) }
    }

    private func changed() {
        let first = state.withLock { state in
            defer { state.pending = true }
            return !state.pending && !state.stopped
        }
        guard first else { return }
        let connection = session.connection
        Task {
            _ = try? await connection.call(PingRequest.method)
            let live = state.withLock { state in
                state.pending = false
                return !state.stopped
            }
            if live { send() }
        }
    }
}
