import Dispatch
import Logging
import NIOConcurrencyHelpers
import SlamDaemon
import SlamHarness
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `SlamDaemon` serving inside this process on a temporary socket: for
/// testing screens written in Swift through the same protocol clients use.
public final class InProcessDaemon: Sendable, InProcessHost {
    /// The Unix socket the daemon listens on; connect clients here.
    public let socketPath: String
    /// The temporary directory holding the socket and traces; ``stop()`` removes it.
    public let directory: String
    private let daemon: SlamDaemon
    private let finished = DispatchSemaphore(value: 0)
    private let state = NIOLockedValueBox(State())

    private struct State {
        var failure: String?
        var isStopped = false
    }

    /// Starts serving `makeApplication()` and returns once clients can connect.
    ///
    /// - Throws: ``HarnessError/launchFailed(_:)`` when the daemon cannot start
    ///   (the application factory threw, the socket cannot be bound).
    public init(timeoutSeconds: Double = 20, makeApplication: @escaping SlamDaemon.ApplicationFactory) throws {
        directory = try DaemonProcess.makeTemporaryDirectory()
        socketPath = directory + "/slamd.sock"
        let logger = Logger(label: "slamd.in-process") { _ in SwiftLogNoOpLogHandler() }
        // Traces go in the daemon's own temporary directory (removed with it), not the user's state directory.
        var configuration = DaemonConfiguration(socketPath: socketPath)
        configuration.traceDirectory = directory + "/traces"
        daemon = SlamDaemon(configuration: configuration, logger: logger, makeApplication: makeApplication)
        let ready = DispatchSemaphore(value: 0)
        DedicatedThread.start { [daemon, state, finished] in
            do {
                try daemon.run(ownsProcess: false) { _ in ready.signal() }
            } catch {
                state.withLockedValue { $0.failure = "\(error)" }
                ready.signal()
            }
            finished.signal()
        }
        guard ready.wait(timeout: .now() + timeoutSeconds) == .success else {
            daemon.stop()
            throw HarnessError.launchFailed("not listening within \(timeoutSeconds) s")
        }
        if let failure = state.withLockedValue({ $0.failure }) {
            finished.wait()
            state.withLockedValue { $0.isStopped = true }  // nothing left for deinit to stop
            removeFiles()
            throw HarnessError.launchFailed(failure)
        }
    }

    /// Shuts the daemon down as SIGTERM would and waits until it has (idempotent).
    public func stop() {
        let alreadyStopped = state.withLockedValue { state in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !alreadyStopped else { return }
        daemon.stop()
        finished.wait()
        removeFiles()
    }

    /// Removes the temporary directory with what is in it (the traces tests asked for); the
    /// harness owns the directory.
    private func removeFiles() {
        _ = try? runShell("rm -rf '\(directory)'")
    }

    deinit {
        stop()
    }
}
