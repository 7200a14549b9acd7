import Synchronization

/// Runs one connection's tool calls one at a time, in the order they asked for their turn (the stdio
/// transport hands them over in the order it read them).
///
/// An acting tool answers what its action changed: two calls acting at once would each see the
/// other's changes, and an agent that sends calls together (parallel tool calls) means them in turn.
/// Every tool call is queued (reading the screen too, so it never shows an action half done);
/// subscriptions and resource reads are not.
final class ToolCallQueue: Sendable {
    private struct State {
        var isRunning = false
        var nextTicket = 0
        var waiting: [(ticket: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state = Mutex(State())

    /// Runs `body` once every call queued before it has finished.
    ///
    /// - Throws: `CancellationError` when the caller is cancelled while waiting; `body`'s error.
    func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        let ticket = state.withLock { state in
            state.nextTicket += 1
            return state.nextTicket
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Decided under the lock, so a cancellation either finds the call waiting or is seen here.
                let outcome = state.withLock { state -> Bool? in
                    if Task.isCancelled { return nil }
                    guard state.isRunning else {
                        state.isRunning = true
                        return true
                    }
                    state.waiting.append((ticket, continuation))
                    return false
                }
                switch outcome {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.waiting.isEmpty else {
                state.isRunning = false
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume()
    }
}
