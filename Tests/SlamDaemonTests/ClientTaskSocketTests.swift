import Foundation
import Testing
import SlamClient
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamStoryboard

/// Tasks clients run, through the real socket: a press waits for the client
/// that runs its task while every other client is served, and is answered with
/// that client's answer, its error, or a timeout; the client going away fails
/// what it owed; names cannot be shared; what the task changed follows the reply.
@Suite struct ClientTaskSocketTests {
    /// Handlers run on the shared pool, which tests blocking beside these on 2 cores can hold for
    /// seconds: runs that are not about timeouts get a timeout no starved pool reaches.
    static let patient = 600_000

    /// A shop screen whose "Pay" button names a task no Swift code defines: a client supplies it.
    static let storyboard = """
    {"initial": "Shop", "state": {"status": "Idle"},
     "controllers": [{"id": "Shop", "title": "Shop", "view": {"type": "View", "ref": "root", "children": [
       {"type": "Label", "ref": "status", "bind": {"text": "{status}"}},
       {"type": "Button", "ref": "pay", "text": "Pay", "task": "checkout", "param": "cart"}]}}]}
    """

    static func shop() throws -> SlamApp {
        let path = NSTemporaryDirectory() + "slam-shop-\(getpid())-\(UInt32.random(in: 0 ... .max)).json"
        try storyboard.write(toFile: path, atomically: true, encoding: .utf8)
        return try SlamApp.inProcess {
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try Storyboard.makeApplication(contentsOf: path)
        }
    }

    /// Opens once, for every waiter; what a handler waits on so the test decides when it answers.
    actor Gate {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []
        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
        }
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    @Test func aPressWaitsForTheClientWhileOtherClientsAreServed() async throws {
        let app = try Self.shop()
        let runner = try AsyncSlamConnection(socketPath: app.socketPath)
        let gate = Gate()
        let (runs, reportRun) = AsyncStream<TaskRunRequest>.makeStream()
        try await runner.registerTask("checkout", timeoutMilliseconds: Self.patient) { run in
            reportRun.yield(run)
            await gate.wait()
            try await runner.send(StateSetRequest(key: "status", value: .string("Paid for \(run.param ?? "")")))
            return "receipt-1"
        }
        let presser = try AsyncSlamConnection(socketPath: app.socketPath)
        async let pressed = presser.send(PressRequest(ref: "pay"))
        var arrived = runs.makeAsyncIterator()
        let run = try #require(await arrived.next())
        #expect(run == TaskRunRequest(name: "checkout", param: "cart", ref: "pay", controller: "Shop"))

        // The press is out; another client is served meanwhile, and sees the UI as it is.
        let bystander = try AsyncSlamConnection(socketPath: app.socketPath)
        #expect(try await bystander.send(FindRequest(ref: "status")).text == "Idle")
        #expect(try await bystander.send(TasksRequest()).contains("checkout"))

        await gate.open()
        #expect(try await pressed.reference == "pay")
        #expect(try await bystander.send(FindRequest(ref: "status")).text == "Paid for cart")
        // runTask hands on the client's answer.
        let outcome = try await bystander.send(RunTaskRequest(name: "checkout", param: "basket"))
        #expect(outcome.result == "receipt-1")
        #expect(try await bystander.send(FindRequest(ref: "status")).text == "Paid for basket")
    }

    /// Blocking clients on threads of their own: the handler's two steps must not wait on the shared pool,
    /// or a busy run could stretch them past the hold's one second and show the step between.
    @Test func theChangesFollowThePressReplyAsOneUpdate() async throws {
        let app = try Self.shop()
        let socketPath = app.socketPath
        let registered = DispatchSemaphore(value: 0), ran = DispatchSemaphore(value: 0)
        let runnerThread = Thread {
            defer { ran.signal() }
            guard let runner = try? SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient),
                  (try? runner.send(TasksRegisterRequest(names: ["checkout"], timeoutMilliseconds: Self.patient))) != nil else {
                registered.signal()
                return
            }
            registered.signal()
            guard let run = try? runner.nextMessage(timeoutMilliseconds: Self.patient), let id = run["id"] else { return }
            _ = try? runner.send(StateSetRequest(key: "status", value: "Paying"))
            _ = try? runner.send(StateSetRequest(key: "status", value: "Paid"))
            try? runner.send(["jsonrpc": "2.0", "id": id, "result": .null])
        }
        runnerThread.start()
        _ = try await onOwnThread { registered.wait() }
        // The presser reads its messages in arrival order: the reply first, then one stateChanged and one changed.
        let messages = try await onOwnThread {
            let presser = try SlamConnection(socketPath: socketPath)
            _ = try presser.call("subscribe", ["events": ["changed", "stateChanged", "taskRan"]])
            try presser.send(["jsonrpc": "2.0", "method": "press", "params": ["ref": "pay"], "id": 7])
            return try (0..<4).map { _ in try presser.nextMessage(timeoutMilliseconds: Self.patient) }
        }
        _ = try await onOwnThread { ran.wait() }
        #expect(messages[0]["id"] == 7 && messages[0]["result"]?["ref"] == "pay", "the reply comes first: \(messages[0])")
        #expect(messages.dropFirst().map { $0["method"]?.stringValue } == ["taskRan", "stateChanged", "changed"])
        #expect(messages[2]["params"]?["values"] == ["status": "Paid"], "one update with the final value, not each step")
        let changes = messages[3]["params"]?["changes"]?.arrayValue ?? []
        #expect(changes.map { $0["ref"] } == ["status"] && changes.first?["text"] == "Paid")
    }

    @Test func aClientsErrorAndATimeoutFailThePressWithTheReason() async throws {
        let app = try Self.shop()
        let runner = try AsyncSlamConnection(socketPath: app.socketPath)
        let slow = Gate()
        try await runner.registerTask("checkout", timeoutMilliseconds: Self.patient) { _ in
            throw TaskError("card declined", data: ["retry": false])
        }
        try await runner.registerTask("slowCheckout", timeoutMilliseconds: 300) { _ in
            await slow.wait()
            return "too late"
        }
        let presser = try AsyncSlamConnection(socketPath: app.socketPath)
        await #expect(throws: ClientError.self) { try await presser.send(PressRequest(ref: "pay")) }
        let declined = try await presser.request("press", params: .byName(["ref": "pay"]))
        guard case .failure(let error) = declined.outcome else { Issue.record("the press succeeded"); return }
        #expect(error.code == .taskFailed)
        #expect(error.message.contains("card declined"))
        #expect(error.data?["clientError"]?["data"] == ["retry": false])

        let timedOut = try await presser.request("runTask", params: .byName(["name": "slowCheckout"]))
        guard case .failure(let timeout) = timedOut.outcome else { Issue.record("the slow run succeeded"); return }
        #expect(timeout.code == .taskFailed)
        #expect(timeout.message.contains("did not answer within 300 ms"), "\(timeout.message)")
        #expect(timeout.data?["timeoutMs"] == 300)
        // The late answer is dropped; the daemon and the runner go on.
        await slow.open()
        #expect(try await runner.send(PingRequest()) == "pong")
        #expect(try await presser.send(FindRequest(ref: "status")).text == "Idle")
    }

    @Test func aRunnerThatGoesAwayFailsWhatItOwedAndFreesItsNames() async throws {
        let app = try Self.shop()
        let runner = try AsyncSlamConnection(socketPath: app.socketPath)
        let (runs, reportRun) = AsyncStream<Void>.makeStream()
        try await runner.registerTask("checkout", timeoutMilliseconds: Self.patient) { _ in
            reportRun.yield()
            try await Task.sleep(for: .seconds(300))
            return .null
        }
        let presser = try AsyncSlamConnection(socketPath: app.socketPath)
        async let pressed = presser.request("press", params: .byName(["ref": "pay"]))
        var arrived = runs.makeAsyncIterator()
        _ = await arrived.next()
        runner.close()
        guard case .failure(let error) = try await pressed.outcome else { Issue.record("the press succeeded"); return }
        #expect(error.code == .taskFailed)
        #expect(error.message.contains("(client \(error.data?["client"]?.integerValue ?? -1)) went away"), "\(error.message)")
        let unknown = try await presser.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let notFound) = unknown.outcome else { Issue.record("an unregistered task ran"); return }
        #expect(notFound.code == .taskNotFound)
        // The name is free for the next runner.
        let next = try AsyncSlamConnection(socketPath: app.socketPath)
        #expect(try await next.registerTask("checkout", timeoutMilliseconds: Self.patient) { _ in "again" }.registered == ["checkout"])
        #expect(try await presser.send(RunTaskRequest(name: "checkout")).result == "again")
    }

    @Test func aNameBelongsToOneLiveConnectionAndBuiltInsCannotBeTaken() async throws {
        let app = try Self.shop()
        let first = try AsyncSlamConnection(socketPath: app.socketPath)
        let second = try AsyncSlamConnection(socketPath: app.socketPath)
        try await first.registerTask("checkout", timeoutMilliseconds: Self.patient) { _ in "first" }
        let taken = try await second.request("tasks.register", params: .byName(["names": ["checkout"]]))
        guard case .failure(let takenError) = taken.outcome else { Issue.record("two connections registered one name"); return }
        #expect(takenError.code == .taskNameTaken && takenError.data?["task"] == "checkout" && takenError.data?["client"] != nil)
        let builtIn = try await second.request("tasks.register", params: .byName(["names": ["push"]]))
        guard case .failure(let builtInError) = builtIn.outcome else { Issue.record("a built-in task was replaced"); return }
        #expect(builtInError.code == .taskNameTaken && builtInError.data?["owner"] == "application")
        // Registering again on the same connection only changes the timeout.
        #expect(try await first.registerTask("checkout", timeoutMilliseconds: 900) { _ in "first" }.timeoutMilliseconds == 900)
        #expect(try await first.unregisterTasks().unregistered == ["checkout"])
        try await second.registerTask("checkout", timeoutMilliseconds: Self.patient) { _ in "second" }
        #expect(try await first.send(RunTaskRequest(name: "checkout")).result == "second")
    }

    @Test func aClientPressingAButtonWhoseTaskItRunsIsAnsweredItsOwnCallsMeanwhile() async throws {
        let app = try Self.shop()
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        try await connection.registerTask("checkout", timeoutMilliseconds: Self.patient) { run in
            // Calls back on the connection whose press is waiting for this very run.
            let before = try await connection.send(FindRequest(ref: "status")).text
            try await connection.send(StateSetRequest(key: "status", value: .string("\(before ?? "") → Paid")))
            return .null
        }
        #expect(try await connection.send(PressRequest(ref: "pay")).reference == "pay")
        #expect(try await connection.send(FindRequest(ref: "status")).text == "Idle → Paid")
    }

    /// Blocking clients only: nothing here waits for the shared pool (see ``patient``).
    @Test func aRunnerThatClosesItsSendingSideFailsWhatItOwesAtOnce() throws {
        let app = try Self.shop()
        let presser = try SlamConnection(socketPath: app.socketPath)
        let runner = try SlamConnection(socketPath: app.socketPath)
        _ = try runner.send(TasksRegisterRequest(names: ["checkout"], timeoutMilliseconds: Self.patient))
        try presser.send(["jsonrpc": "2.0", "method": "press", "params": ["ref": "pay"], "id": 1])
        // The run reaches the runner, which then stops sending: it can never answer.
        #expect(try runner.nextMessage(timeoutMilliseconds: 30_000)["method"] == "task.run")
        try runner.shutdownWriting()
        let started = ContinuousClock.now
        let reply = try presser.nextMessage(timeoutMilliseconds: 60_000)
        #expect(ContinuousClock.now - started < .seconds(60), "failed at once, not at the run's timeout")
        #expect(reply["id"] == 1 && reply["error"]?["code"] == -32010)
        #expect(reply["error"]?["message"]?.stringValue?.contains("went away") == true, "\(reply)")
        let unknown = try presser.request("runTask", params: .byName(["name": "checkout"]))
        guard case .failure(let notFound) = unknown.outcome else { Issue.record("the half-closed runner still runs it"); return }
        #expect(notFound.code == .taskNotFound)
    }
}
