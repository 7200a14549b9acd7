import Foundation
import Testing
import SlamClient
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamProtocol
import SlamStoryboard

/// Read-your-writes through the real socket: requests pipelined on one connection
/// behind one that is answered later (a press whose task a client runs, an action
/// waiting for its element, a `waitFor`) run after it and see what it did, while
/// a task's handler calling back on its own connection is never held.
///
/// Blocking clients on threads of their own (``onOwnThread``): nothing waits on the shared pool.
@Suite struct RequestOrderSocketTests {
    /// Long enough that no loaded machine reaches it: the tests wait on replies, not on time. Starting a
    /// client's thread (``onOwnThread`` in an `async let`) takes a thread of the shared pool, which the whole
    /// suite under the address sanitizer has held for over two minutes: a run's 120 s ran out before the
    /// runner's thread began to read it.
    static let patient = 600_000

    /// A bill, a "Calculate" button whose task a client runs, its result, and a "Go" button
    /// (a built-in state task) enabled only once `ready` is true.
    static let storyboard = """
    {"initial": "Tip", "state": {"bill": "100", "result": "none", "ready": false},
     "clientTasks": ["calculate"],
     "controllers": [{"id": "Tip", "title": "Tip", "view": {"type": "View", "ref": "root", "children": [
       {"type": "TextField", "ref": "bill", "bind": {"text": "bill"}},
       {"type": "Button", "ref": "calculate", "text": "Calculate", "task": "calculate"},
       {"type": "Label", "ref": "result", "bind": {"text": "{result}"}},
       {"type": "Button", "ref": "go", "text": "Go", "task": "set", "param": "result=went", "bind": {"enabled": "ready"}}]}}]}
    """

    static func tip() throws -> SlamApp {
        let path = NSTemporaryDirectory() + "slam-tip-\(getpid())-\(UInt32.random(in: 0 ... .max)).json"
        try storyboard.write(toFile: path, atomically: true, encoding: .utf8)
        return try SlamApp.inProcess {
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try Storyboard.makeApplication(contentsOf: path)
        }
    }

    /// Requests written in one write, each framed by a newline: the daemon reads them as one burst.
    static func pipeline(_ requests: [JSONValue]) throws -> [UInt8] {
        try requests.flatMap { try JSONSerializer().serialize($0) + [UInt8(ascii: "\n")] }
    }

    static func request(_ id: JSONValue, _ method: String, _ params: JSONValue.Object) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": .object(params)]
    }

    /// What `calculate` does in the runner: reads the bill (a call back into the daemon) and writes the result.
    static func calculate(on runner: SlamConnection) throws -> JSONValue {
        let bill = try runner.call("state.get", ["key": "bill"])["value"]?.stringValue ?? "?"
        _ = try runner.call("state.set", ["key": "result", "value": .string("Total for \(bill)")])
        return .string(bill)
    }

    /// Answers `count` runs of `calculate` on `runner`, returning the messages that were not runs.
    static func answerRuns(_ count: Int, on runner: SlamConnection, thenRead others: Int = 0) throws -> [JSONValue] {
        var answered = 0, read: [JSONValue] = []
        while answered < count || read.count < others {
            let message = try runner.nextMessage(timeoutMilliseconds: patient)
            guard message["method"] == "task.run", let id = message["id"] else {
                read.append(message)
                continue
            }
            try runner.send(["jsonrpc": "2.0", "id": id, "result": try calculate(on: runner)])
            answered += 1
        }
        return read
    }

    /// A connection that runs `calculate`, answering one run on a thread of its own.
    static func startRunner(_ socketPath: String) throws -> (SlamConnection, finished: DispatchSemaphore) {
        let runner = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: patient)
        _ = try runner.send(TasksRegisterRequest(names: ["calculate"], timeoutMilliseconds: patient))
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let unsafeRunner = runner
        Thread {
            defer { finished.signal() }
            _ = try? answerRuns(1, on: unsafeRunner)
        }.start()
        return (runner, finished)
    }

    @Test func requestsPipelinedAfterAPressWhoseTaskAClientRunsSeeWhatTheTaskDid() async throws {
        let app = try Self.tip()
        let socketPath = app.socketPath
        let (runner, ran) = try Self.startRunner(socketPath)
        let replies = try await onOwnThread {
            let presser = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient)
            try presser.sendRaw(Self.pipeline([
                Self.request(1, "setText", ["ref": "bill", "text": "300"]),
                Self.request(2, "press", ["ref": "calculate"]),
                Self.request(3, "state.get", ["key": "result"]),
                Self.request(4, "find", ["ref": "result"]),
            ]))
            return try (0..<4).map { _ in try presser.nextMessage(timeoutMilliseconds: Self.patient) }
        }
        _ = try await onOwnThread { ran.wait() }
        #expect(replies.map { $0["id"] } == [1, 2, 3, 4], "replies in request order: \(replies)")
        #expect(replies[1]["result"]?["ref"] == "calculate", "\(replies[1])")
        #expect(replies[2]["result"]?["value"] == "Total for 300", "the read after the press sees what its task wrote: \(replies[2])")
        #expect(replies[3]["result"]?["text"] == "Total for 300", "\(replies[3])")
        runner.close()
    }

    /// The runner itself has a pending `waitFor` and a request held behind it when the run comes:
    /// its handler's calls run at once (or the press, the wait and the held request would wait on one another).
    @Test func aHandlerCallsBackOnItsConnectionWhileEarlierRequestsOfThatConnectionWait() async throws {
        let app = try Self.tip()
        let socketPath = app.socketPath
        let runner = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient)
        _ = try runner.send(TasksRegisterRequest(names: ["calculate"], timeoutMilliseconds: Self.patient))
        try runner.sendRaw(Self.pipeline([
            Self.request("wait", "waitFor", ["ref": "result", "property": "text", "equals": "Total for 100", "timeoutMs": .integer(Int64(Self.patient))]),
            Self.request("after", "find", ["ref": "result"]),
        ]))
        // Answered only once the wait holds: the runner then serves the run, its calls answered meanwhile.
        nonisolated(unsafe) let unsafeRunner = runner
        async let runnerRead = onOwnThread { try Self.answerRuns(1, on: unsafeRunner, thenRead: 2) }
        let pressed = try await onOwnThread {
            try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient).call("press", ["ref": "calculate"])
        }
        let read = try await runnerRead
        #expect(pressed["ref"] == "calculate")
        #expect(read.map { $0["id"] } == ["wait", "after"], "\(read)")
        #expect(read[0]["result"]?["text"] == "Total for 100", "\(read[0])")
        #expect(read[1]["result"]?["text"] == "Total for 100", "the held find ran after the wait it was sent behind: \(read[1])")
        runner.close()
    }

    /// A client pressing a button whose task it runs itself: the run's calls on that connection are answered.
    @Test func aClientRunningTheTaskOfItsOwnPressIsNotHeldBehindIt() async throws {
        let app = try Self.tip()
        let socketPath = app.socketPath
        let read = try await onOwnThread {
            let client = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient)
            _ = try client.send(TasksRegisterRequest(names: ["calculate"], timeoutMilliseconds: Self.patient))
            try client.sendRaw(Self.pipeline([
                Self.request("text", "setText", ["ref": "bill", "text": "42"]),
                Self.request("press", "press", ["ref": "calculate"]),
            ]))
            var read = try Self.answerRuns(1, on: client, thenRead: 2)
            read.append(try client.call("find", ["ref": "result"]))
            return read
        }
        #expect(read.prefix(2).map { $0["id"] } == ["text", "press"], "\(read)")
        #expect(read[2]["text"] == "Total for 42", "\(read[2])")
    }

    /// A press waiting for its element to become enabled holds what the connection sent after it.
    @Test func requestsPipelinedAfterAnActionWaitingForItsElementRunAfterItActs() async throws {
        let app = try Self.tip()
        let socketPath = app.socketPath
        let presser = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient)
        // The bill's new text tells the other client that the press (read in the same burst) is waiting.
        try presser.sendRaw(Self.pipeline([
            Self.request(1, "setText", ["ref": "bill", "text": "pressing"]),
            Self.request(2, "press", ["ref": "go", "timeoutMs": .integer(Int64(Self.patient))]),
            Self.request(3, "state.get", ["key": "result"]),
            Self.request(4, "find", ["ref": "result"]),
        ]))
        nonisolated(unsafe) let unsafePresser = presser
        async let replies = onOwnThread { try (0..<4).map { _ in try unsafePresser.nextMessage(timeoutMilliseconds: Self.patient) } }
        try await onOwnThread {
            let other = try SlamConnection(socketPath: socketPath, timeoutMilliseconds: Self.patient)
            _ = try other.call("waitFor", ["ref": "bill", "property": "text", "equals": "pressing", "timeoutMs": .integer(Int64(Self.patient))])
            _ = try other.call("state.set", ["key": "ready", "value": true])
        }
        let answered = try await replies
        #expect(answered.map { $0["id"] } == [1, 2, 3, 4], "\(answered)")
        #expect(answered[1]["result"]?["ref"] == "go", "\(answered[1])")
        #expect(answered[2]["result"]?["value"] == "went", "the read after the press ran after it acted: \(answered[2])")
        #expect(answered[3]["result"]?["text"] == "went", "\(answered[3])")
    }
}
