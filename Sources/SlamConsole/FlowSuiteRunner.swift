import SlamClient
import SlamProtocol
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs several flows (`slamctl run A.json B.json …`): in turn, or `jobs` at a time, each on a
/// connection of its own and, with ``freshInstances``, on an instance of its own that it makes
/// (`instance.create`, `instance.use`) and closes when the flow is done.
///
/// Outcomes are handed to `finished` whole and in the order the flows were given, each as soon as it
/// and every flow before it are done: a flow's lines stay together, whatever ran beside it.
public struct FlowSuiteRunner: Sendable {
    /// A flow to run and the file it came from.
    public struct Entry: Sendable {
        public let path: String
        public let flow: Flow

        public init(path: String, flow: Flow) {
            self.path = path
            self.flow = flow
        }
    }

    /// How one flow went.
    public struct Outcome: Sendable {
        public let path: String
        public let flowName: String
        /// The instance it ran on when it had one of its own.
        public let instance: String?
        /// From connecting to its last step (and closing its instance).
        public let seconds: Double
        /// Its report, or why it could not run to its end: the connection failed or was lost, or the
        /// daemon refused its instance (`instance.create` past `--max-instances`).
        public let result: Result<FlowRunner.Report, any Error>

        public var passed: Bool { (try? result.get())?.passed ?? false }
    }

    /// How many flows run at once (1: in turn).
    public let jobs: Int
    /// Whether each flow makes an instance of its own, of the application the daemon was launched with.
    public let freshInstances: Bool
    public let style: ConsoleStyle
    /// A new connection to the daemon, one per flow (each flow runs on its own connection).
    public let connect: @Sendable () throws -> SlamConnection

    public init(jobs: Int, freshInstances: Bool, style: ConsoleStyle, connect: @escaping @Sendable () throws -> SlamConnection) {
        precondition(jobs >= 1, "at least one flow at a time")
        self.jobs = jobs
        self.freshInstances = freshInstances
        self.style = style
        self.connect = connect
    }

    /// Runs every entry and returns their outcomes in the entries' order; `finished` hears of each in
    /// that order (one call at a time), as soon as it and those before it are done.
    public func run(_ entries: [Entry], finished: @escaping @Sendable (Outcome) -> Void) -> [Outcome] {
        let progress = Mutex(Progress(count: entries.count))
        let worker: @Sendable () -> Void = {
            while let index = progress.withLock({ $0.take() }) {
                let outcome = runOne(entries[index])
                progress.withLock { state in
                    state.outcomes[index] = outcome
                    // Handed on under the lock: the next outcome waits until this one is told whole.
                    while state.reported < state.outcomes.count, let next = state.outcomes[state.reported] {
                        finished(next)
                        state.reported += 1
                    }
                }
            }
        }
        WorkerThreads.run(count: min(jobs, entries.count), worker)
        return progress.withLock { $0.outcomes.compactMap { $0 } }
    }

    /// Runs one flow on a connection of its own, on an instance of its own when asked.
    private func runOne(_ entry: Entry) -> Outcome {
        let start = ContinuousClock.now
        var instance: String?
        let result: Result<FlowRunner.Report, any Error>
        do {
            let connection = try connect()
            defer { connection.close() }
            if freshInstances {
                let created = try connection.createInstance(label: Self.label(for: entry.path)).instance
                instance = created
                try connection.useInstance(created)
            }
            let report = try FlowRunner(connection: connection, style: style).run(entry.flow)
            // An instance left behind (the connection lost) closes by itself once idle: its creator has gone.
            if let instance { _ = try? connection.closeInstance(instance) }
            result = .success(report)
        } catch {
            result = .failure(error)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Outcome(path: entry.path, flowName: entry.flow.name, instance: instance, seconds: seconds, result: result)
    }

    /// `slamctl run PATH`, cut to what a label may hold (`instance.list` shows it).
    static func label(for path: String) -> String {
        var label = "slamctl run " + path
        while label.utf8.count > InstanceCreateRequest.maximumLabelBytes { label.removeFirst() }
        return label
    }

    /// Which flows are started and which are done.
    private struct Progress {
        var started = 0
        var reported = 0
        var outcomes: [Outcome?]

        init(count: Int) { outcomes = Array(repeating: nil, count: count) }

        /// The next flow to start, if any is left.
        mutating func take() -> Int? {
            guard started < outcomes.count else { return nil }
            started += 1
            return started - 1
        }
    }
}

/// Threads of their own (not the shared pools: a flow waits on its socket most of the time, and
/// `--jobs 8` must run eight at once on a two-core machine).
enum WorkerThreads {
    /// Runs `body` on `count` threads (this one among them) and returns when every one has returned.
    static func run(count: Int, _ body: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 1..<max(count, 1) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Box(body)).toOpaque()
            let created = pthread_create(&thread, nil, { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
            if created == 0 {
                threads.append(thread)
            } else {
                // No thread: this one does the work of the others as well.
                Unmanaged<Box>.fromOpaque(context).release()
            }
        }
        body()
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
