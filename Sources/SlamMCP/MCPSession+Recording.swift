import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC

extension MCPSession {
    /// Keeps every `action` event in ``MCPToolState/recording`` from now on (``start()`` calls it, so
    /// that `slam_flow` has the session's steps from its first).
    func recordActions() {
        observe { [weak self] notification in
            guard let self, case .action(let action)? = SlamEvent(notification) else { return }
            self.toolState.withLock { $0.recording.append(action) }
        }
    }

    /// The daemon's number for this session's connection, as its `action` events name it: what its
    /// `subscribe` answered at ``start()`` (nil before).
    var clientNumber: Int? { toolState.withLock { $0.recording.clientNumber } }
}
