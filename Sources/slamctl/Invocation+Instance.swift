import SlamClient
import SlamConsole
import SlamProtocol
import SlamRPC
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `--instance HANDLE` (or `$SLAM_INSTANCE`): which of the daemon's instances a command acts on.
extension Invocation {
    /// What `--instance` asks for: an open instance, or a new one of its own.
    enum InstanceChoice: Equatable {
        case handle(String)
        /// `new`: an instance made on connecting, of the application the daemon was launched with, and
        /// closed when the command ends.
        case new

        /// The handle as written: `i3`, or `new`.
        var word: String {
            switch self {
            case .handle(let handle): handle
            case .new: InstanceChoice.newWord
            }
        }

        static let newWord = "new"
    }

    /// `--instance`, else `$SLAM_INSTANCE` (what `serve-task` gives its command), else nil: the
    /// instance every connection starts on (`main`).
    func instanceChoice() throws(UsageError) -> InstanceChoice? {
        let written: String
        if let option = line.option("instance") {
            guard !option.isEmpty else {
                throw UsageError("--instance needs a handle (main, i1 …; slamctl instances lists them) or new", command: line.command)
            }
            written = option
        } else if let variable = getenv("SLAM_INSTANCE").map({ String(cString: $0) }), !variable.isEmpty {
            written = variable
        } else {
            return nil
        }
        return written == InstanceChoice.newWord ? .new : .handle(written)
    }

    /// Moves `connection` to `choice` (`instance.use`), making the instance first for `new`.
    /// Returns the handle it uses.
    ///
    /// - Throws: ``CommandFailed`` naming the open instances when the handle names none (exit status 1,
    ///   as for the daemon's other errors); the daemon's other errors as they come.
    @discardableResult
    func useInstance(_ choice: InstanceChoice, label: String, on connection: SlamConnection) throws -> String {
        let handle = choice == .new ? try created(connection.createInstance(label: label)) : choice.word
        let outcome = Result { () throws(ClientError) in try connection.useInstance(handle) }
        try checkUse(outcome, handle: handle)
        return handle
    }

    /// The same for `slamctl mcp`'s asynchronous connection.
    @discardableResult
    func useInstance(_ choice: InstanceChoice, label: String, on connection: AsyncSlamConnection) async throws -> String {
        let handle = choice == .new ? try created(await connection.send(InstanceCreateRequest(label: label))) : choice.word
        let outcome: Result<InstanceEntry, ClientError>
        do throws(ClientError) {
            outcome = .success(try await connection.send(InstanceUseRequest(instance: handle)))
        } catch {
            outcome = .failure(error)
        }
        try checkUse(outcome, handle: handle)
        return handle
    }

    /// Remembers an instance `new` made, to close it when the command ends; its handle.
    private func created(_ entry: InstanceEntry) -> String {
        createdInstances.add(entry.instance)
        return entry.instance
    }

    /// `instance.use`'s answer: a handle no open instance has is told with the list of those open.
    private func checkUse(_ outcome: Result<InstanceEntry, ClientError>, handle: String) throws {
        guard case .failure(let error) = outcome else { return }
        if case .server(let response) = error, response.code == .instanceNotFound { throw instanceNotFound(handle, error: response) }
        throw error
    }

    /// The message for a handle no open instance has, with the daemon's list of those open; `asked`
    /// is what named it (by default `--instance i9` or `SLAM_INSTANCE=i9`).
    func instanceNotFound(_ handle: String, error: ResponseError, asked: String? = nil) -> CommandFailed {
        let open = error.data?["open"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let list = open.isEmpty ? error.message : "the open instances are " + open.joined(separator: ", ")
        return CommandFailed(description: """
            \(asked ?? (line.option("instance") != nil ? "--instance \(handle)" : "SLAM_INSTANCE=\(handle)")): the slamd at \(socketPath) has no open instance '\(handle)'; \(list) \
            (slamctl instances lists them)
            """)
    }

    /// Closes what `--instance new` made (the command is over); a daemon gone by now has closed them.
    func closeCreatedInstances() {
        let handles = createdInstances.take()
        guard !handles.isEmpty, let connection = try? SlamConnection(socketPath: socketPath, timeoutMilliseconds: 5_000) else { return }
        defer { connection.close() }
        for handle in handles { _ = try? connection.closeInstance(handle) }
    }
}

/// The instances a command made for itself (`--instance new`), to close when it ends.
final class CreatedInstances: Sendable {
    private let handles = Mutex<[String]>([])

    func add(_ handle: String) { handles.withLock { $0.append(handle) } }

    /// The handles, forgotten here.
    func take() -> [String] { handles.withLock { handles in defer { handles = [] }; return handles } }
}
