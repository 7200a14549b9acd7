import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer

/// The client-task broker on its own, on a clock the test moves: who runs which name, and how each
/// run ends (answered, failed, timed out, its client gone, the daemon stopping), once.
@Suite struct ClientTaskBrokerTests {
    /// A broker with two connections, its turn's end counted and the successes it reports.
    final class Harness {
        let scheduler = ManualScheduler()
        let broker: ClientTaskBroker
        let runner = ClientSession(identifier: 1) { _ in }
        let other = ClientSession(identifier: 2) { _ in }
        private(set) var turnsEnded = 0
        private(set) var succeeded: [String] = []
        var sessions: [Int: ClientSession] { [1: runner, 2: other] }

        init(limits: ServiceLimits = ServiceLimits()) {
            broker = ClientTaskBroker(hold: NotificationHold(scheduler: scheduler), scheduler: scheduler, limits: limits)
            broker.endTurn = { [unowned self] in turnsEnded += 1 }
            broker.runSucceeded = { [unowned self] run in succeeded.append(run.name) }
        }

        @discardableResult
        func register(_ names: [String], by session: ClientSession, timeout: Int = 500,
                      applicationTasks: Set<String> = []) throws(ResponseError) -> [String] {
            try broker.register(names, timeoutMilliseconds: timeout, session: session) { applicationTasks.contains($0) }
        }

        /// Starts a run of `name` collected as a request would collect it, and what its waiter was told.
        func start(_ name: String) throws -> (run: ClientTaskCall, request: JSONValue, outcome: () -> ClientTaskCall.Outcome?) {
            let ((session, bytes), runs) = try broker.collectingRuns { () throws(ResponseError) in
                do throws(SlamError) {
                    return try broker.start(name, param: "p", sender: nil, controller: "Home", sessions: sessions)
                } catch {
                    throw error.responseError
                }
            }
            let run = try #require(runs.first)
            #expect(session === runner || session === other)
            var outcome: ClientTaskCall.Outcome?
            run.whenFinished { outcome = $0 }
            return (run, try JSONParser().parse(bytes), { outcome })
        }

        func answer(_ run: ClientTaskCall, with result: JSONValue, from session: ClientSession) {
            broker.receiveAnswer(id: .string(run.identifier), outcome: .success(result), from: session)
        }
    }

    @Test func aNameIsOneConnectionsUntilItIsFreedAndNeverTheApplications() throws {
        let harness = Harness()
        #expect(try harness.register(["a", "b"], by: harness.runner) == ["a", "b"])
        #expect(try harness.register(["b", "c"], by: harness.runner) == ["c"], "registering a name again adds nothing new")
        #expect(throws: ResponseError.self) { try harness.register(["d", "a"], by: harness.other) }
        do {
            try harness.register(["d", "a"], by: harness.other)
        } catch {
            #expect(error.code == .taskNameTaken && error.data?["client"] == 1)
        }
        #expect(harness.other.registeredTasks.isEmpty, "a refused registration registers none of its names")
        do {
            try harness.register(["own"], by: harness.other, applicationTasks: ["own"])
            Issue.record("an application's task was taken")
        } catch {
            #expect(error.code == .taskNameTaken && error.data?["owner"] == "application")
        }
        #expect(harness.broker.unregister(["a", "zzz"], session: harness.runner) == ["a"])
        #expect(try harness.register(["a"], by: harness.other) == ["a"], "a freed name can be taken")
        #expect(harness.broker.unregister(nil, session: harness.runner) == ["b", "c"])
        #expect(harness.broker.registrations.keys.sorted() == ["a"])
    }

    @Test func namesPastTheBoundsAreRefusedWhole() throws {
        let harness = Harness(limits: ServiceLimits(registeredTasksPerConnection: 2, registeredTasks: 3))
        try harness.register(["a", "b"], by: harness.runner)
        do {
            try harness.register(["c"], by: harness.runner)
            Issue.record("a third name was registered")
        } catch {
            #expect(error.code == .limitReached && error.data?["limit"] == "registeredTasksPerConnection")
        }
        do {
            try harness.register(["c", "d"], by: harness.other)
            Issue.record("the daemon's bound was passed")
        } catch {
            #expect(error.code == .limitReached && error.data?["limit"] == "registeredTasks")
        }
        #expect(try harness.register(["c"], by: harness.other) == ["c"])
    }

    @Test func aRunIsAnsweredOnceByItsOwnClientAndHoldsNotificationsMeanwhile() throws {
        let harness = Harness()
        try harness.register(["greet"], by: harness.runner)
        #expect(throws: SlamError.self) {
            _ = try harness.broker.start("nobody", param: nil, sender: nil, controller: nil, sessions: harness.sessions)
        }
        let (run, request, outcome) = try harness.start("greet")
        #expect(request == ["jsonrpc": "2.0", "id": "task-1", "method": "task.run",
                            "params": ["name": "greet", "param": "p", "ref": .null, "controller": "Home"]])
        #expect(harness.runner.runningTaskCalls == 1 && harness.broker.hold.state == .holding(releaseDue: false))

        harness.answer(run, with: "forged", from: harness.other)
        #expect(outcome() == nil, "an answer from a connection the run was not sent to is no answer")
        harness.answer(run, with: "hello", from: harness.runner)
        guard case .success("hello")? = outcome() else { Issue.record("\(String(describing: outcome()))"); return }
        #expect(harness.succeeded == ["greet"])
        #expect(harness.runner.runningTaskCalls == 0 && harness.broker.runs.isEmpty)
        #expect(harness.broker.hold.state == .holding(releaseDue: true), "the end of this turn releases what the run held")
        harness.answer(run, with: "again", from: harness.runner)
        #expect(harness.succeeded == ["greet"], "a second answer is dropped")
        harness.scheduler.advance(milliseconds: 10_000)
        #expect(harness.turnsEnded == 0, "an answered run's timer is cancelled")
    }

    @Test func aClientsErrorFailsItsRun() throws {
        let harness = Harness()
        try harness.register(["greet"], by: harness.runner)
        let (run, _, outcome) = try harness.start("greet")
        harness.broker.receiveAnswer(id: .string(run.identifier),
                                     outcome: .failure(ResponseError(code: .internalError, message: "no one to greet")), from: harness.runner)
        guard case .failure(let error)? = outcome() else { Issue.record("not failed"); return }
        #expect(error.code == .taskFailed && error.data?["clientError"]?["message"] == "no one to greet" && error.data?["client"] == 1)
        #expect(harness.succeeded.isEmpty, "a failed run is no taskRan")
    }

    @Test func aRunFailsAtItsTimeoutAndEndsTheTurn() throws {
        let harness = Harness()
        try harness.register(["slow"], by: harness.runner, timeout: 250)
        let (run, _, outcome) = try harness.start("slow")
        harness.scheduler.advance(milliseconds: 249)
        #expect(outcome() == nil)
        harness.scheduler.advance(milliseconds: 1)
        guard case .failure(let error)? = outcome() else { Issue.record("not failed"); return }
        #expect(error.code == .taskFailed && error.data?["timeoutMs"] == 250)
        #expect(harness.turnsEnded == 1 && harness.runner.runningTaskCalls == 0)
        harness.answer(run, with: "late", from: harness.runner)
        #expect(harness.succeeded.isEmpty, "a late answer is dropped")
    }

    @Test func aConnectionDroppedWhileItsTaskRunsFailsWhatItOwesOnly() throws {
        let harness = Harness()
        try harness.register(["mine"], by: harness.runner)
        try harness.register(["theirs"], by: harness.other)
        let first = try harness.start("mine")
        let second = try harness.start("mine")
        let theirs = try harness.start("theirs")
        var order: [String] = []
        first.run.whenFinished { _ in order.append(first.run.identifier) }
        second.run.whenFinished { _ in order.append(second.run.identifier) }

        #expect(harness.broker.failRuns(of: harness.runner))
        #expect(order == ["task-1", "task-2"], "oldest first")
        guard case .failure(let error)? = first.outcome() else { Issue.record("not failed"); return }
        #expect(error.code == .taskFailed && error.message.contains("went away"))
        #expect(theirs.outcome() == nil && harness.broker.runs.count == 1, "the other connection's run is still out")
        #expect(!harness.broker.hold.keepsHolding, "runs ended: the turn's end releases what they held")
        #expect(!harness.broker.failRuns(of: harness.runner), "it owes nothing more")
        harness.scheduler.advance(milliseconds: 500)
        #expect(harness.turnsEnded == 1, "only the run still out times out")
    }

    @Test func theDaemonStoppingFailsEveryRunOut() throws {
        let harness = Harness()
        #expect(!harness.broker.abandonRuns())
        try harness.register(["a"], by: harness.runner)
        let (_, _, outcome) = try harness.start("a")
        #expect(harness.broker.abandonRuns())
        guard case .failure(let error)? = outcome() else { Issue.record("not failed"); return }
        #expect(error.code == .shuttingDown && harness.broker.runs.isEmpty)
    }

    @Test func nestedRequestsCollectTheirRunsAndTheOuterOneTooEvenWhenTheInnerFails() throws {
        let harness = Harness()
        try harness.register(["a", "b"], by: harness.runner)
        let sessions = harness.sessions
        let broker = harness.broker
        let ((), outer) = try broker.collectingRuns { () throws(ResponseError) in
            _ = try? broker.start("a", param: nil, sender: nil, controller: nil, sessions: sessions)
            do {
                _ = try broker.collectingRuns { () throws(ResponseError) in
                    _ = try? broker.start("b", param: nil, sender: nil, controller: nil, sessions: sessions)
                    throw ResponseError(code: .internalError, message: "failed after starting b")
                }
            } catch {}
        }
        #expect(outer.map(\.name) == ["a", "b"])
    }

    @Test func whatRanTasksIsAnsweredAfterAllOfThemWithTheFirstFailure() throws {
        let harness = Harness()
        try harness.register(["a", "b"], by: harness.runner)
        let a = try harness.start("a")
        let b = try harness.start("b")
        var answers: [String] = []
        ClientTaskBroker.answerAfter([a.run, b.run], reply: { outcome in
            switch consume outcome {
            case .success: answers.append("success")
            case .failure(let error): answers.append("\(error.code.rawValue)")
            }
        }) { results in JSONNode(results.description) }
        harness.answer(a.run, with: "fine", from: harness.runner)
        #expect(answers.isEmpty, "not before every run has ended")
        harness.scheduler.advance(milliseconds: 500)
        #expect(answers == ["-32010"])

        var results: [JSONValue] = []
        let c = try harness.start("a")
        ClientTaskBroker.answerAfter([c.run], reply: { _ in }) { got in results = got; return .null }
        harness.answer(c.run, with: 7, from: harness.runner)
        #expect(results == [7])
    }
}
