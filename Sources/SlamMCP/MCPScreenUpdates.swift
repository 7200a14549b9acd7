import SlamJSON
import SlamProtocol
import SlamRPC
import Synchronization

/// Tells a subscriber that `slam://screen` changed: once per burst of `changed` and `navigated`
/// notifications, not once per notification.
///
/// The first notification of a burst waits for the session to settle (``MCPSession/settle()``:
/// every notification the daemon sent until then observed), then sends one update.
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
        let session = session
        Task {
            try? await session.settle()
            let live = state.withLock { state in
                state.pending = false
                return !state.stopped
            }
            if live { send() }
        }
    }
}
