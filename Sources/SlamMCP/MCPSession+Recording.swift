import Glibc
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

    /// The daemon's number for this session's connection, as its `action` events name it.
    ///
    /// The protocol answers no "who am I", but it names the connection that holds a task name to another
    /// connection that asks for it (-32016, `data.client`): the session holds a name no app uses for a
    /// moment, and a second connection asks for it. Nothing runs, nothing is announced. Learnt once.
    func clientNumber() async throws(ClientError) -> Int {
        if let known = toolState.withLock({ $0.recording.clientNumber }) { return known }
        let name = "slam-mcp-whoami-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try await connection.call(TasksRegisterRequest.method, ["names": [.string(name)]])
        let probe: AsyncSlamConnection
        do {
            probe = try AsyncSlamConnection(socketPath: connection.socketPath)
        } catch {
            _ = try? await connection.call(TasksUnregisterRequest.method, ["names": [.string(name)]])
            throw error
        }
        defer { probe.close() }
        var number: Int?
        do {
            try await probe.call(TasksRegisterRequest.method, ["names": [.string(name)]])
        } catch .server(let error) where error.code == .taskNameTaken {
            number = error.data?["client"]?.integerValue.map { Int($0) }
        } catch {
            _ = try? await connection.call(TasksUnregisterRequest.method, ["names": [.string(name)]])
            throw error
        }
        try await connection.call(TasksUnregisterRequest.method, ["names": [.string(name)]])
        guard let number else {
            throw .protocolViolation("the daemon did not name the connection holding task '\(name)'")
        }
        toolState.withLock { $0.recording.clientNumber = number }
        return number
    }
}
