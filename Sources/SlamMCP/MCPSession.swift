import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC
import Synchronization

/// One agent's connection to slamd: the client connection the tools call through, the
/// events it receives, and what the tools remember between calls.
///
/// The connection's notifications have one reader, this session; tools and resource
/// subscriptions register observers instead of reading the stream themselves.
public final class MCPSession: Sendable {
    /// The events the session subscribes to: what changed on screen, navigation, focus, and what clients did.
    public static let events: [EventKind] = [.changed, .navigated, .focusChanged, .stateChanged, .action]

    public typealias Observer = @Sendable (Notification) -> Void

    public let connection: AsyncSlamConnection
    /// What the tools remember between calls.
    public let toolState = Mutex(MCPToolState())
    private let observers = Mutex<(next: Int, all: [Int: Observer])>((0, [:]))
    /// How far the reader got: notifications handed to observers, and who waits for a count (``settle()``).
    private let progress = Mutex(Progress())

    private struct Progress {
        var isReading = false
        var delivered = 0
        var ended = false
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// Whether answers build on what this session showed its agent before (an element shown as it is
    /// now is left out, a screen read before answers only what differs): false for a session several
    /// agents share, which cannot know what each of them read.
    public let remembersWhatItShowed: Bool

    public init(connection: AsyncSlamConnection, remembersWhatItShowed: Bool = true) {
        self.connection = connection
        self.remembersWhatItShowed = remembersWhatItShowed
    }

    /// Subscribes to ``events`` and starts handing notifications to observers; call once.
    public func start() async throws(ClientError) {
        let subscriptions = try await connection.send(SubscribeRequest(events: Self.events))
        // The session's flow holds its own actions: those that carry the number subscribe answered.
        toolState.withLock { $0.recording.clientNumber = subscriptions.client }
        recordActions()
        let notifications = connection.notifications
        progress.withLock { $0.isReading = true }
        Task { [weak self] in
            for await notification in notifications {
                guard let self else { return }
                let current = self.observers.withLock { Array($0.all.sorted { $0.key < $1.key }.map(\.value)) }
                for observer in current { observer(notification) }
                self.advance(ended: false)
            }
            self?.advance(ended: true)
        }
    }

    /// Returns once the daemon has answered everything sent before and observers have seen every
    /// notification it sent until then: what an action caused has all been observed.
    ///
    /// The daemon sends what a request caused before it answers the next request, so a `ping`
    /// marks the point; the connection's count of notifications read by then is what observers must reach.
    public func settle() async throws(ClientError) {
        try await connection.call(PingRequest.method)
        let target = connection.notificationsReceived
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = progress.withLock { progress in
                guard progress.isReading, !progress.ended, progress.delivered < target else { return true }
                progress.waiters.append((target, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Returns once the daemon connection has ended (slamd stopped, or closed it) and observers have
    /// seen every notification before that; never, for a session not started.
    public func ended() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = progress.withLock { progress in
                guard !progress.ended else { return true }
                // No count is that high: only the end of the stream wakes it.
                progress.waiters.append((Int.max, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Counts one notification handed to observers (or the end of the stream) and wakes who waited for it.
    private func advance(ended: Bool) {
        let ready = progress.withLock { progress in
            if ended { progress.ended = true } else { progress.delivered += 1 }
            let (delivered, everything) = (progress.delivered, progress.ended)
            let ready = progress.waiters.filter { everything || $0.count <= delivered }
            progress.waiters.removeAll { everything || $0.count <= delivered }
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Calls `observer` with every notification from now on (on the session's reader task, in order);
    /// returns the token ``stopObserving(_:)`` takes.
    @discardableResult
    public func observe(_ observer: @escaping Observer) -> Int {
        observers.withLock { state in
            state.next += 1
            state.all[state.next] = observer
            return state.next
        }
    }

    public func stopObserving(_ token: Int) {
        _ = observers.withLock { $0.all.removeValue(forKey: token) }
    }
}
