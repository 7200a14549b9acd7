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

    public init(connection: AsyncSlamConnection) {
        self.connection = connection
    }

    /// Subscribes to ``events`` and starts handing notifications to observers; call once.
    public func start() async throws(ClientError) {
        try await connection.send(SubscribeRequest(events: Self.events))
        recordActions()
        let notifications = connection.notifications
        Task { [weak self] in
            for await notification in notifications {
                guard let self else { return }
                let current = self.observers.withLock { Array($0.all.sorted { $0.key < $1.key }.map(\.value)) }
                for observer in current { observer(notification) }
            }
        }
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
