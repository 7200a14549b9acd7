import Testing
import SlamDemo
import SlamJSON
import SlamRPC
@testable import SlamServer

/// The bounds on what clients make the service hold: reaching one is -32017 naming it, a slot is
/// free again once what held it is answered, and one connection's bound is not another's.
@Suite struct LimitTests {
    /// Small bounds, so that a test reaches them in a few requests.
    static let limits = ServiceLimits(pendingWaitsPerConnection: 3, pendingWaits: 5, registeredTasksPerConnection: 3, registeredTasks: 5)

    private func service(_ scheduler: ManualScheduler = ManualScheduler()) throws -> SlamService {
        SlamService(application: try DemoApp.makeApplication(), scheduler: scheduler, configuration: .init(limits: Self.limits))
    }

    /// A `waitFor` that holds until the counter reads "Count: 1".
    private func waitForOne(_ id: String) -> String {
        #"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"Count: 1","timeoutMs":60000},"id":"\#(id)"}"#
    }

    /// Makes `client` run a task for another connection until the test ends. A connection's requests
    /// run after its pending ones, except while it has a `task.run` to answer (its handler calling back):
    /// only then can one connection have several waits pending.
    @discardableResult
    private func runningATask(_ client: TestClient, in service: SlamService) -> TestClient {
        let name = "hold\(client.session.identifier)"
        client.result("tasks.register", ["names": .array([.string(name)])])
        let presser = TestClient(service, identifier: 100 + client.session.identifier)
        presser.send(#"{"jsonrpc":"2.0","method":"runTask","params":{"name":"\#(name)"},"id":"run"}"#)
        #expect(client.take().contains { $0["method"] == "task.run" })
        return presser
    }

    private func data(_ limit: ServiceLimits.Limit, _ value: Int) -> JSONValue {
        ["limit": .string(limit.rawValue), "value": .integer(Int64(value)), "option": .string(limit.option), "scope": .string(limit.scope)]
    }

    @Test func aConnectionsPendingWaitsAreBoundedAndFreeAgainOnceAnswered() throws {
        let service = try service()
        let waiter = TestClient(service, identifier: 1)
        let other = TestClient(service, identifier: 2)
        let actor = TestClient(service, identifier: 3)
        runningATask(waiter, in: service)
        runningATask(other, in: service)
        for id in ["w1", "w2", "w3", "w4"] { waiter.send(waitForOne(id)) }
        // Another connection is not held to the first one's bound.
        other.send(waitForOne("o1"))
        // A connection running a task is answered as each request is done: the refusal comes at once.
        let refusedNow = waiter.take()
        #expect(refusedNow.map { $0["id"] } == ["w4"] && other.take().isEmpty)
        actor.result("press", ["ref": "increment"])
        let replies = waiter.take()
        #expect(replies.map { $0["id"] } == ["w1", "w2", "w3"])
        #expect(replies.allSatisfy { $0["result"]?["text"] == "Count: 1" })
        let refused = try #require(refusedNow.first?["error"])
        #expect(refused["code"] == -32017)
        #expect(refused["data"] == data(.pendingWaitsPerConnection, 3))
        #expect(refused["message"]?.stringValue == "Limit reached: this connection already has 3 pending waits and actions, the most it may have "
                + "(--max-pending-waits-per-connection 3); wait on fewer conditions at once, or let some be answered first")
        #expect(other.take().map { $0["id"] } == ["o1"])
        // Answered, the slots are free: three more wait, the counter back at 0 satisfies none.
        actor.result("press", ["ref": "decrement"])
        for id in ["w5", "w6", "w7"] { waiter.send(waitForOne(id)) }
        actor.result("press", ["ref": "increment"])
        #expect(waiter.take().map { $0["result"]?["text"] } == ["Count: 1", "Count: 1", "Count: 1"])
    }

    /// Actions waiting for their element count with waits; all connections together have a bound,
    /// and a connection that goes frees its slots.
    @Test func theDaemonsBoundCountsWaitingActionsAndFreesWhenAConnectionGoes() throws {
        let scheduler = ManualScheduler()
        let service = try service(scheduler)
        let actor = TestClient(service, identifier: 1)
        let waiter = TestClient(service, identifier: 2)
        let late = TestClient(service, identifier: 3)
        runningATask(actor, in: service)
        runningATask(waiter, in: service)
        // `decrement` is disabled while the counter reads 0: each press waits for it.
        for id in 1...3 {
            actor.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"decrement","timeoutMs":60000},"id":\#(id)}"#)
        }
        waiter.send(waitForOne("a"))
        waiter.send(waitForOne("b"))
        #expect(actor.take().isEmpty && waiter.take().isEmpty)
        let refused = late.request("waitFor", ["ref": "count", "state": "hidden", "timeoutMs": 60000])["error"]
        #expect(refused?["code"] == -32017)
        #expect(refused?["data"] == data(.pendingWaits, 5))
        #expect(refused?["message"]?.stringValue?.hasPrefix("Limit reached: the daemon (all connections together) already has 5 pending waits and actions") == true)
        #expect(late.result("ping") == "pong", "the daemon goes on serving")
        service.disconnect(actor.session)
        late.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","state":"hidden","timeoutMs":1000},"id":"late"}"#)
        #expect(late.take().isEmpty, "the slots of the connection that went are free: this one waits")
        scheduler.advance(milliseconds: 1000)
        #expect(late.take().first?["error"]?["code"] == -32008, "it timed out, as waits do")
    }

    @Test func registeredTaskNamesAreBoundedPerConnectionAndInAll() throws {
        let service = try service()
        let first = TestClient(service, identifier: 1)
        let second = TestClient(service, identifier: 2)
        let third = TestClient(service, identifier: 3)
        first.result("tasks.register", ["names": ["a", "b"]])
        let over = first.request("tasks.register", ["names": ["c", "d"]])["error"]
        #expect(over?["code"] == -32017)
        #expect(over?["data"] == data(.registeredTasksPerConnection, 3))
        #expect(over?["message"]?.stringValue == "Limit reached: this connection has 2 registered task names and 2 more would pass the bound of 3 "
                + "(--max-registered-tasks-per-connection 3); register fewer names, or unregister some first")
        #expect(first.result("tasks.register", ["names": ["a", "b", "c"]])["registered"] == ["a", "b", "c"], "names it runs already count once")
        second.result("tasks.register", ["names": ["x", "y"]])
        let full = third.request("tasks.register", ["names": ["z"]])["error"]
        #expect(full?["code"] == -32017)
        #expect(full?["data"] == data(.registeredTasks, 5))
        #expect(!service.application.tasks.contains("z"), "nothing of a refused registration is kept")
        first.result("tasks.unregister", ["names": ["a"]])
        #expect(third.result("tasks.register", ["names": ["z"]])["registered"] == ["z"])
    }

    /// Pending waits keep their patterns compiled (about half a kilobyte a character): the characters
    /// are bounded too, a template's patterns counting as a locator's do.
    @Test func thePatternCharactersPendingWaitsHoldAreBounded() throws {
        let scheduler = ManualScheduler()
        let limits = ServiceLimits(pendingWaitsPerConnection: 100, pendingWaits: 100,
                                   pendingPatternCharactersPerConnection: 30, pendingPatternCharacters: 50)
        let service = SlamService(application: try DemoApp.makeApplication(), scheduler: scheduler, configuration: .init(limits: limits))
        let first = TestClient(service, identifier: 1)
        let second = TestClient(service, identifier: 2)
        let third = TestClient(service, identifier: 3)
        func waitForPattern(_ id: String, _ pattern: String = "^never 01$") -> String {
            #"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":{"textMatches":"\#(pattern)"},"state":"exists","timeoutMs":1000},"id":"\#(id)"}"#
        }
        runningATask(first, in: service)
        runningATask(second, in: service)
        for id in ["a1", "a2", "a3", "a4"] { first.send(waitForPattern(id)) }  // 10 characters each
        first.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"ghost","state":"exists","timeoutMs":1000},"id":"plain"}"#)
        second.send(waitForPattern("b1"))
        second.send(waitForPattern("b2"))
        let full = third.request("waitFor", ["ref": ["textMatches": "^x$"], "state": "exists", "timeoutMs": 1000])["error"]
        #expect(full?["code"] == -32017)
        #expect(full?["data"] == data(.pendingPatternCharacters, 50))
        let template = third.request("waitFor", ["template": ["text": "/^x$/"], "timeoutMs": 1000])["error"]
        #expect(template?["data"]?["limit"] == "pendingPatternCharacters", "a template's patterns count too")
        #expect(third.result("waitFor", ["ref": "count", "state": "visible"])["ref"] == "count", "a wait without patterns is not held to it")
        scheduler.advance(milliseconds: 1000)
        // Running a task, the connection is answered as each request is done: a4's refusal first.
        let answers = first.take()
        #expect(answers.map { $0["id"] } == ["a4", "a1", "a2", "a3", "plain"])
        #expect(answers[0]["error"]?["data"] == data(.pendingPatternCharactersPerConnection, 30))
        #expect(answers.filter { $0["error"]?["code"] == -32008 }.count == 4, "the others waited, and timed out")
        // Timed out, their characters are free again.
        third.send(waitForPattern("c1"))
        #expect(third.take().isEmpty, "it waits")
    }

    /// Every change judges every pending wait's patterns: the steps they may take on a text, worst
    /// case, are bounded, so that a few costly patterns (degree 2: 158 characters squared, times 4) are refused
    /// where many cheap ones pass.
    @Test func theWorstCaseStepsOfPendingPatternsAreBounded() throws {
        let limits = ServiceLimits(pendingWaitsPerConnection: 100, pendingWaits: 100,
                                   pendingPatternStepsPerConnection: 300_000, pendingPatternSteps: 330_000)
        let service = SlamService(application: try DemoApp.makeApplication(), scheduler: ManualScheduler(), configuration: .init(limits: limits))
        let first = TestClient(service, identifier: 1)
        let second = TestClient(service, identifier: 2)
        let third = TestClient(service, identifier: 3)
        func waitFor(_ id: String, _ pattern: String) -> String {
            #"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":{"textMatches":"\#(pattern)"},"state":"exists","timeoutMs":1000},"id":"\#(id)"}"#
        }
        runningATask(first, in: service)
        runningATask(second, in: service)
        // `\d+xa1` has degree 2 and width 4: 158² × 4 + 4 = 99,860 steps each; `^never…$` degree 0: its width, 10.
        for id in ["a1", "a2", "a3"] { first.send(waitFor(id, #"\\d+x\#(id)"#)) }
        for id in ["b1", "b2"] { second.send(waitFor(id, "^never \(id)$")) }
        let over = third.request("waitFor", ["ref": ["textMatches": #"\d+y"#], "state": "exists", "timeoutMs": 1000])["error"]
        #expect(over?["data"] == data(.pendingPatternSteps, 330_000))
        #expect(over?["message"]?.stringValue?.contains("worst-case steps of regular expressions in pending waits") == true)
        service.disconnect(first.session)
        third.send(waitFor("c1", #"\\d+y"#))
        #expect(third.take().isEmpty, "the first connection's steps are free again: it waits")
    }
}
