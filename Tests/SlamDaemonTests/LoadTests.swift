import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// Many clients at once, each checking every reply: nothing lost, nothing
/// mismatched, nothing out of order on any connection, and the daemon's memory
/// flat once warm.
///
/// `swift test` runs 64 clients × 100 mixed requests beside every other suite
/// (× 25 under AddressSanitizer, whose quarantine of freed memory also makes
/// resident memory say nothing, so the memory check is skipped there);
/// `make test` then runs the full 64 × 10 000 alone against the debug slamd
/// (`make load-test`, about 3 minutes), and `make load` against a release one
/// (`SLAM_LOAD_REQUESTS=10000 SLAMD=… swift test --filter LoadTests`).
@Suite struct LoadTests {
    static let clients = 64
    /// Set by `make leakcheck`: the daemon under test is built with AddressSanitizer.
    static let isSanitized = ProcessInfo.processInfo.environment["SLAM_SANITIZER"] != nil
    static let requestsPerClient = ProcessInfo.processInfo.environment["SLAM_LOAD_REQUESTS"].flatMap(Int.init)
        ?? (isSanitized ? 25 : 100)
    /// Requests per client of the mix across instances: at most 2,000, so that `make load-test` stays a few minutes.
    static let requestsPerInstanceClient = min(requestsPerClient, 2_000)
    /// Requests each client keeps in flight.
    static let depth = 4

    /// One request of the mix and how to know its reply is the right one.
    struct Step: Sendable {
        let method: String
        let params: JSONValue.Object?
        let check: @Sendable (JSONValue) -> Bool
    }

    /// Computed, not stored: LeakSanitizer takes JSON values in a static for leaks (their pointers carry tag bits).
    static var mix: [Step] { [
        Step(method: "ping", params: nil) { $0 == "pong" },
        Step(method: "find", params: ["ref": "count"]) { $0["ref"] == "count" && $0["text"]?.stringValue?.hasPrefix("Count: ") == true },
        Step(method: "press", params: ["ref": "increment"]) { $0["ref"] == "increment" },
        Step(method: "updateUI", params: nil) { $0["controller"] == "Home" && $0["changed"]?.arrayValue != nil },
        Step(method: "tree", params: ["depth": 1]) { $0["ref"] == "root" && !($0["children"]?.arrayValue ?? []).isEmpty },
        Step(method: "waitFor", params: ["ref": "count", "state": "exists", "timeoutMs": 30_000]) { $0["ref"] == "count" },
        // A task a client runs: answered only once the task's client has answered (``taskRunner``).
        Step(method: "runTask", params: ["name": .string(taskName), "param": "load"]) { $0["task"] == .string(taskName) && $0["result"] == "ran load" },
    ] }

    /// The task the load test's own client runs for the daemon.
    static let taskName = "loadTask"

    /// Registers ``taskName`` on a connection of its own: each run sets a state key (a change for
    /// subscribers) and answers; returns the connection and how many runs it answered.
    static func taskRunner(socketPath: String, instance: String? = nil) async throws -> (AsyncSlamConnection, Counter) {
        let runner = try AsyncSlamConnection(socketPath: socketPath)
        if let instance { _ = try await runner.send(InstanceUseRequest(instance: instance)) }
        let runs = Counter()
        try await runner.registerTask(taskName, timeoutMilliseconds: 120_000) { run in
            let count = runs.add(1)
            try await runner.send(StateSetRequest(key: "loadRuns", value: .integer(Int64(count))))
            return .string("ran \(run.param ?? "")")
        }
        return (runner, runs)
    }

    /// Resident memory of a process, in KiB (VmRSS).
    static func residentKiB(_ pid: pid_t) -> Int {
        let status = DaemonProcess.read("/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return -1 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    /// Runs one client: every reply checked for its id (in order) and its content.
    /// Returns a description of the first problem, or nil.
    static func runClient(_ index: Int, socketPath: String, instance: String? = nil, requests requestsPerClient: Int = requestsPerClient,
                          progress: @escaping @Sendable (Int) -> Void) -> String? {
        let mix = Self.mix
        do {
            let connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 120_000)
            if let instance { try connection.useInstance(instance) }
            if index % 8 == 0 {
                // A few clients also take `changed` notifications, interleaved with their replies.
                _ = try connection.call("subscribe", ["events": ["changed", "stateChanged"]])
            }
            var nextToSend = 0
            var nextExpected = 0
            while nextExpected < requestsPerClient {
                while nextToSend < requestsPerClient && nextToSend - nextExpected < depth {
                    let step = mix[(nextToSend + index) % mix.count]
                    var request: JSONValue.Object = ["jsonrpc": "2.0", "method": .string(step.method), "id": .integer(Int64(nextToSend))]
                    if let params = step.params { request["params"] = .object(params) }
                    try connection.send(.object(request))
                    nextToSend += 1
                }
                let message = try connection.nextMessage()
                guard let id = message["id"] else { continue }   // a notification
                guard id == .integer(Int64(nextExpected)) else {
                    return "client \(index): expected the reply to \(nextExpected), got \(id)"
                }
                let step = mix[(nextExpected + index) % mix.count]
                guard let result = message["result"], step.check(result) else {
                    return "client \(index): reply \(nextExpected) to \(step.method) is wrong: \(message)"
                }
                nextExpected += 1
                progress(1)
            }
            return nil
        } catch {
            return "client \(index): \(error)"
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func manyClientsWithMixedRequestsLoseNothingAndMemoryStaysFlat() async throws {
        let daemon = try DaemonProcess.launch()
        let pid = daemon.process.processIdentifier
        let socketPath = daemon.socketPath
        let total = Self.clients * Self.requestsPerClient
        let answered = Counter()
        let problems = Problems()
        let warmRSS = Counter()
        let (runner, runs) = try await Self.taskRunner(socketPath: socketPath)
        defer { runner.close() }

        let group = DispatchGroup()
        for index in 0..<Self.clients {
            // Each client blocks on its socket: threads of their own, not the shared pools.
            let thread = Thread {
                if let problem = Self.runClient(index, socketPath: socketPath, progress: { count in
                    let done = answered.add(count)
                    if done == total / 5 { warmRSS.set(Self.residentKiB(pid)) }
                }) { problems.append(problem) }
                group.leave()
            }
            group.enter()
            thread.start()
        }
        // Awaited, not waited on: a test blocking a thread of the shared pool for
        // minutes starves async tests running beside it (seen under ASan).
        #expect(await finished(group, timeoutSeconds: 600), "clients did not finish")
        let finalRSS = Self.residentKiB(pid)

        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        #expect(answered.value == total, "every request answered: \(answered.value) of \(total)")
        let connection = try daemon.connect()
        let count = try connection.call("find", ["ref": "count"])["text"]?.stringValue
        let mix = Self.mix
        let presses = (0..<Self.clients).reduce(0) { sum, index in
            sum + (0..<Self.requestsPerClient).filter { mix[($0 + index) % mix.count].method == "press" }.count
        }
        #expect(count == "Count: \(presses)", "every press counted once")
        let taskRuns = (0..<Self.clients).reduce(0) { sum, index in
            sum + (0..<Self.requestsPerClient).filter { mix[($0 + index) % mix.count].method == "runTask" }.count
        }
        #expect(runs.value == taskRuns, "every client-run task ran once")
        #expect(try connection.call("state.get", ["key": "loadRuns"])["value"] == .integer(Int64(taskRuns)))
        // Warm: a fifth of the requests done. Flat: at most 25 % or 16 MiB more by the end.
        let warm = warmRSS.value
        if !Self.isSanitized {
            #expect(warm > 0 && finalRSS <= max(warm + warm / 4, warm + 16 * 1024), "resident KiB: warm \(warm), end \(finalRSS)")
        }
        print("load: \(Self.clients) clients × \(Self.requestsPerClient) requests, resident KiB warm \(warm) → end \(finalRSS)")
    }

    /// The same mix spread over instances of one daemon (each client on one of eight, each instance
    /// with a task runner of its own), while another client keeps making instances, using and
    /// closing them: nothing lost, and every instance counts exactly its own clients' presses and runs.
    @Test(.timeLimit(.minutes(10)))
    func mixedRequestsAcrossInstancesStayInTheirInstance() async throws {
        let daemon = try DaemonProcess.launch()
        let socketPath = daemon.socketPath
        let control = try daemon.connect()
        let instanceCount = 8
        var handles = ["main"]
        for number in 1..<instanceCount { handles.append(try control.createInstance(label: "load \(number)").instance) }
        var runners: [(AsyncSlamConnection, Counter)] = []
        for handle in handles { runners.append(try await Self.taskRunner(socketPath: socketPath, instance: handle)) }
        defer { for (runner, _) in runners { runner.close() } }
        let total = Self.clients * Self.requestsPerInstanceClient
        let answered = Counter()
        let problems = Problems()
        let churned = Counter()
        let stopChurning = Counter()

        let group = DispatchGroup()
        for index in 0..<Self.clients {
            let handle = handles[index % instanceCount]
            let thread = Thread {
                if let problem = Self.runClient(index, socketPath: socketPath, instance: handle, requests: Self.requestsPerInstanceClient, progress: { _ = answered.add($0) }) {
                    problems.append(problem)
                }
                group.leave()
            }
            group.enter()
            thread.start()
        }
        // Instances made, used and closed while the load runs: each begins at its own launch state.
        let churner = Thread {
            do {
                let connection = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: 120_000)
                while stopChurning.value == 0 {
                    let made = try connection.createInstance(label: "churn").instance
                    try connection.useInstance(made)
                    let count = try connection.find("count").text
                    if count != "Count: 0" { problems.append("a new instance \(made) began at \(count ?? "nil")") }
                    _ = try connection.press("increment")
                    try connection.useInstance("main")
                    try connection.closeInstance(made)
                    _ = churned.add(1)
                }
            } catch {
                problems.append("churn: \(error)")
            }
            group.leave()
        }
        group.enter()
        churner.start()
        while answered.value < total && problems.all.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        stopChurning.set(1)
        #expect(await finished(group, timeoutSeconds: 600), "clients did not finish")

        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        #expect(answered.value == total, "every request answered: \(answered.value) of \(total)")
        #expect(churned.value > 0, "instances were made and closed during the load")
        let mix = Self.mix
        for (number, handle) in handles.enumerated() {
            let clients = (0..<Self.clients).filter { $0 % instanceCount == number }
            let presses = clients.reduce(0) { sum, index in
                sum + (0..<Self.requestsPerInstanceClient).filter { mix[($0 + index) % mix.count].method == "press" }.count
            }
            let taskRuns = clients.reduce(0) { sum, index in
                sum + (0..<Self.requestsPerInstanceClient).filter { mix[($0 + index) % mix.count].method == "runTask" }.count
            }
            try control.useInstance(handle)
            #expect(try control.find("count").text == "Count: \(presses)", "instance \(handle) counted its own presses only")
            #expect(runners[number].1.value == taskRuns, "instance \(handle)'s runner ran its own clients' tasks only")
        }
        #expect(try control.instances().count == instanceCount, "the churned instances are closed")
        print("load across \(instanceCount) instances: \(Self.clients) clients × \(Self.requestsPerInstanceClient) requests, \(churned.value) instances made and closed meanwhile")
    }
}

/// Whether `group` finished within `timeoutSeconds`, awaited without blocking a pool thread.
func finished(_ group: DispatchGroup, timeoutSeconds: Double) async -> Bool {
    (try? await onOwnThread { group.wait(timeout: .now() + timeoutSeconds) == .success }) ?? false
}

/// Runs a long blocking `body` (socket reads, process waits) on a thread of its
/// own and awaits it: a test that blocks one of the few shared pool threads for
/// tens of seconds starves the async tests running beside it (seen under ASan
/// on 2 cores, as a 30 s wait that never saw its presses).
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A thread-safe counter for the load test's progress.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    @discardableResult
    func add(_ amount: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        count += amount
        return count
    }

    func set(_ value: Int) {
        lock.lock(); defer { lock.unlock() }
        count = value
    }

    var value: Int {
        lock.lock(); defer { lock.unlock() }
        return count
    }
}

/// Problems the load test's clients report.
final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []

    func append(_ problem: String) {
        lock.lock(); defer { lock.unlock() }
        problems.append(problem)
    }

    var all: [String] {
        lock.lock(); defer { lock.unlock() }
        return problems
    }
}
