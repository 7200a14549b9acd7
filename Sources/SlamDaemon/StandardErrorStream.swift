import Dispatch
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Standard error for the daemon's log records, written by a thread of its own so
/// that logging never blocks the event loop.
///
/// A record is appended to a bounded buffer and the call returns; a writer on its
/// own queue drains the buffer to file descriptor 2. When standard error is slow or
/// nobody drains it (a pipe whose reader stopped), the writer blocks, not the
/// daemon: past ``capacity`` bytes waiting, records are dropped and counted, and
/// once the writer gets through again one line says how many were lost. Use it as
/// the stream of swift-log's `StreamLogHandler`.
public final class StandardErrorStream: TextOutputStream, Sendable {
    /// The most bytes of records held while standard error does not take them.
    public static let capacity = 1 << 20

    /// The one stream of the process (there is one standard error).
    public static let shared = StandardErrorStream()

    private struct State {
        var pending: [UInt8] = []
        var dropped = 0
        var isDraining = false
    }

    private let state = NIOLockedValueBox(State())
    private let queue = DispatchQueue(label: "slamd.stderr")
    private let descriptor: Int32

    init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
    }

    public func write(_ string: String) {
        let startDrain = state.withLockedValue { state -> Bool in
            guard state.pending.count + string.utf8.count <= Self.capacity else {
                state.dropped += 1
                return false
            }
            state.pending.append(contentsOf: string.utf8)
            defer { state.isDraining = true }
            return !state.isDraining
        }
        if startDrain { queue.async { self.drain() } }
    }

    /// Waits until everything written so far has gone to standard error, for at most
    /// `seconds` (a standard error nobody reads must not keep the daemon from exiting).
    public func flush(waitingAtMost seconds: Int = 2) {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        _ = done.wait(timeout: .now() + .seconds(seconds))
    }

    private func drain() {
        while true {
            let (bytes, dropped) = state.withLockedValue { state -> ([UInt8], Int) in
                let taken = (state.pending, state.dropped)
                state.pending = []
                state.dropped = 0
                if taken.0.isEmpty && taken.1 == 0 { state.isDraining = false }
                return taken
            }
            if bytes.isEmpty && dropped == 0 { return }
            writeAll(bytes)
            if dropped > 0 {
                writeAll(Array("slamd: \(dropped) log records were dropped: standard error was not taking them fast enough\n".utf8))
            }
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { writeToDescriptor(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// `write(2)`, outside ``StandardErrorStream`` (whose own `write` would shadow the system's).
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
