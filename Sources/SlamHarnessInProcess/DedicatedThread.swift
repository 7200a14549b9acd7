#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a long blocking job on its own POSIX thread, outside libdispatch's and
/// Swift concurrency's thread pools.
///
/// An in-process daemon blocks its thread for its whole life. On a dispatch
/// worker that thread counts against the pools test code also waits on; with
/// two cores, a test run under load once stopped making progress with every
/// remaining test enqueued and no thread left to run them. A thread of its own
/// takes nothing from the pools.
enum DedicatedThread {
    /// Starts `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Job(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
            job.body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Job>.fromOpaque(box).release()
            fatalError("pthread_create failed with error \(result)")
        }
        pthread_detach(thread)
    }

    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
