import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a trace's records to its file off the event loop, in the order they were handed over.
///
/// ``TraceRecorder`` builds records on the loop and hands whole buffers to ``enqueue(_:)``,
/// which never waits: the bytes go to a serial queue of the writer's own, which makes the
/// `write(2)` calls. What is handed over and not yet written is bounded
/// (``maximumPendingBytes``): a file that takes bytes slower than clients make records
/// ends the trace rather than the daemon's memory or its loop.
final class TraceWriter: Sendable {
    /// What became of a buffer handed to ``enqueue(_:)``.
    enum Outcome: Equatable {
        case accepted
        /// Taking it would have left more than ``maximumPendingBytes`` unwritten (`pending` are).
        case behind(pending: Int)
        /// An earlier write failed (the reason), or the writer was finished: nothing more is written.
        case closed(String?)
    }

    private struct State {
        var pendingBytes = 0
        var failure: String?
        var isClosing = false
        var isFinished = false
    }

    /// The trace file's absolute path, for messages.
    let path: String
    /// The most bytes handed over and not yet written (one buffer larger than this is taken when nothing is pending).
    let maximumPendingBytes: Int
    private let descriptor: Int32
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "slamd.trace-writer")
    private let finished = DispatchSemaphore(value: 0)

    /// Writes to `descriptor` (an open regular file the writer then owns and closes).
    init(path: String, descriptor: Int32, maximumPendingBytes: Int) {
        self.path = path
        self.descriptor = descriptor
        self.maximumPendingBytes = maximumPendingBytes
    }

    /// Hands `bytes` over to be written; returns at once.
    func enqueue(_ bytes: [UInt8]) -> Outcome {
        let outcome = state.withLock { state -> Outcome in
            guard state.failure == nil, !state.isClosing else { return .closed(state.failure) }
            // One record larger than the bound (a huge message) is taken when nothing waits: that is not falling behind.
            guard state.pendingBytes == 0 || state.pendingBytes + bytes.count <= maximumPendingBytes else {
                return .behind(pending: state.pendingBytes)
            }
            state.pendingBytes += bytes.count
            return .accepted
        }
        if outcome == .accepted { queue.async { self.writeWhole(bytes) } }
        return outcome
    }

    /// Closes the file once everything handed over is written; takes nothing more. Returns at once.
    func finish() {
        let first = state.withLock { state in
            defer { state.isClosing = true }
            return !state.isClosing
        }
        guard first else { return }
        queue.async {
            close(self.descriptor)
            self.state.withLock { $0.isFinished = true }
            self.finished.signal()
        }
    }

    /// Why a write failed, once one has (nothing is written after it).
    var failure: String? { state.withLock(\.failure) }

    /// Bytes handed over and not yet written.
    var pendingBytes: Int { state.withLock(\.pendingBytes) }

    /// Waits, at most `milliseconds`, until ``finish()``'s close is done; false when time ran out.
    func waitUntilFinished(milliseconds: Int) -> Bool {
        if state.withLock(\.isFinished) { return true }
        guard finished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return false }
        finished.signal()    // for a later wait
        return true
    }

    /// Holds the writing until ``resume()`` (tests: a writer that falls behind on cue).
    func pause() { queue.suspend() }

    func resume() { queue.resume() }

    /// On the writer's queue: writes `bytes` whole, unless an earlier write failed.
    private func writeWhole(_ bytes: [UInt8]) {
        defer { state.withLock { $0.pendingBytes -= bytes.count } }
        guard state.withLock({ $0.failure == nil }) else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                let reason = "cannot write to '\(path)': \(String(cString: strerror(code)))"
                state.withLock { if $0.failure == nil { $0.failure = reason } }
                return
            }
            offset += written
        }
    }
}
