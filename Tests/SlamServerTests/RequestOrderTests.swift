import Testing
import SlamDemo
import SlamJSON
import SlamRPC
@testable import SlamServer

/// Read-your-writes on one connection: a request sent behind one that is answered later runs
/// once that one is answered; a task's handler calling back is never held; what is held is
/// bounded, dropped with its connection and refused when the daemon stops.
@Suite struct RequestOrderTests {
    static let limits = ServiceLimits(heldRequestsPerConnection: 2, heldRequestBytes: 300)

    private func service(_ scheduler: ManualScheduler) throws -> SlamService {
        SlamService(application: try DemoApp.makeApplication(), scheduler: scheduler, configuration: .init(limits: Self.limits))
    }

    private func request(_ id: String, _ method: String, _ params: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params, "id": .string(id)]).description
    }

    /// Runs the turn the service scheduled for the held requests.
    private func nextTurn(_ scheduler: ManualScheduler) {
        scheduler.advance(milliseconds: 0)
    }

    @Test func requestsBehindARunWaitForItsAnswerAndSeeWhatItsHandlerDid() throws {
        let scheduler = ManualScheduler()
        let service = try service(scheduler)
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["bump"]])
        presser.send(request("run", "runTask", ["name": "bump"]))
        presser.send(request("read", "find", ["ref": "count"]))
        presser.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"}}"#)  // a notification is held too
        let run = try #require(runner.take().first { $0["method"] == "task.run" })
        // The handler calls back while the presser's requests wait.
        runner.result("press", ["ref": "increment"])
        #expect(runner.result("find", ["ref": "count"])["text"] == "Count: 1", "neither the find nor the notification ran yet")
        #expect(presser.take().isEmpty)
        runner.send(JSONValue.object(["jsonrpc": "2.0", "id": run["id"] ?? .null, "result": .null]).description)
        #expect(presser.take().map { $0["id"] } == ["run"])
        nextTurn(scheduler)
        let read = presser.take()
        #expect(read.map { $0["id"] } == ["read"])
        #expect(read.first?["result"]?["text"] == "Count: 1", "the find saw what the handler did: \(read)")
        #expect(runner.result("find", ["ref": "count"])["text"] == "Count: 2", "the held notification ran after the find")
    }

    @Test func aRunnersCallsPassItsOwnHeldRequests() throws {
        let scheduler = ManualScheduler()
        let service = try service(scheduler)
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["bump"]])
        runner.send(request("wait", "waitFor", ["ref": "count", "property": "text", "equals": "Count: 1", "timeoutMs": 60_000]))
        runner.send(request("after", "find", ["ref": "count"]))
        presser.send(request("run", "runTask", ["name": "bump"]))
        let run = try #require(runner.take().first { $0["method"] == "task.run" })
        // Behind the wait, yet answered: the run is out to this connection.
        #expect(runner.result("press", ["ref": "increment"])["ref"] == "increment")
        runner.send(JSONValue.object(["jsonrpc": "2.0", "id": run["id"] ?? .null, "result": "done"]).description)
        #expect(presser.take().first?["result"]?["result"] == "done")
        nextTurn(scheduler)
        let replies = runner.take()
        #expect(replies.map { $0["id"] } == ["wait", "after"])
        #expect(replies.last?["result"]?["text"] == "Count: 1")
    }

    @Test func heldRequestsAreBoundedPerConnectionAndInBytes() throws {
        let scheduler = ManualScheduler()
        let service = try service(scheduler)
        let waiter = TestClient(service, identifier: 1)
        let other = TestClient(service, identifier: 2)
        let actor = TestClient(service, identifier: 3)
        waiter.send(request("wait", "waitFor", ["ref": "count", "property": "text", "equals": "Count: 1", "timeoutMs": 60_000]))
        waiter.send(#"{"jsonrpc":"2.0","method":"ping","id":"h1"}"#)
        waiter.send(#"{"jsonrpc":"2.0","method":"ping","id":"h2"}"#)
        waiter.send(#"[{"jsonrpc":"2.0","method":"ping","id":"h3"},{"jsonrpc":"2.0","method":"ping"}]"#)
        // The daemon's bytes: another connection's held requests count with the first one's.
        other.send(request("wait", "waitFor", ["ref": "count", "property": "text", "equals": "Count: 1", "timeoutMs": 60_000]))
        let padding = String(repeating: "x", count: 200)
        other.send(request("big", "state.get", ["key": .string(padding)]))
        #expect(service.heldRequests.bytes > 0)
        actor.result("press", ["ref": "increment"])
        nextTurn(scheduler)
        let replies = waiter.take()
        #expect(replies.count == 4 && replies.prefix(3).map { $0["id"] } == ["wait", "h1", "h2"], "\(replies)")
        #expect(replies.prefix(3).allSatisfy { $0["error"] == nil }, "\(replies)")
        let batch = try #require(replies.last?.arrayValue, "the refused batch is answered as a batch: \(replies)")
        #expect(batch.count == 1, "the notification in it gets nothing")
        #expect(batch.first?["id"] == "h3" && batch.first?["error"]?["code"] == -32017)
        #expect(batch.first?["error"]?["data"]?["limit"] == "heldRequestsPerConnection")
        let refused = other.take()
        #expect(refused.map { $0["id"] } == ["wait", "big"])
        #expect(refused.last?["error"]?["code"] == -32017 && refused.last?["error"]?["data"]?["limit"] == "heldRequestBytes", "\(refused)")
        #expect(service.heldRequests.bytes == 0)
    }

    @Test func aClosedConnectionDropsItsHeldRequestsAndAStoppingDaemonRefusesThem() throws {
        let scheduler = ManualScheduler()
        let service = try service(scheduler)
        let leaving = TestClient(service, identifier: 1)
        let staying = TestClient(service, identifier: 2)
        let wait = request("wait", "waitFor", ["ref": "count", "property": "text", "equals": "Count: 9", "timeoutMs": 60_000])
        leaving.send(wait)
        leaving.send(request("held", "press", ["ref": "increment"]))
        service.disconnect(leaving.session)
        #expect(service.heldRequests.bytes == 0)
        nextTurn(scheduler)
        #expect(staying.result("find", ["ref": "count"])["text"] == "Count: 0", "the dropped press never ran")
        staying.send(wait)
        staying.send(request("held", "press", ["ref": "increment"]))
        service.shutDown()
        let replies = staying.take()
        #expect(replies.map { $0["id"] } == ["wait", "held"])
        #expect(replies.map { $0["error"]?["code"] } == [-32009, -32009])
        #expect(service.heldRequests.bytes == 0)
    }
}
