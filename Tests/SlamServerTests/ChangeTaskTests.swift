import Testing
import SlamJSON
import SlamStoryboard
import SlamUI
@testable import SlamServer

/// Change tasks run by a person's changes, with a clock the test moves: at once for a control,
/// after a pause in typing for text, coalesced while a client's run is out, never for code's changes.
@Suite struct ChangeTaskTests {
    static let storyboard = #"""
        {"initial": "Tip", "clientTasks": ["calculate"], "state": {"bill": "", "people": 1, "echo": "", "draft": ""},
         "controllers": [{"id": "Tip", "view": {"type": "View", "ref": "root", "children": [
           {"type": "TextField", "ref": "bill", "bind": {"text": "bill"}, "changeTask": "calculate"},
           {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 9, "bind": {"value": "people"},
            "changeTask": "calculate", "changeParam": "people"},
           {"type": "TextField", "ref": "draft", "bind": {"text": "draft"}, "changeTask": "set", "changeParam": "echo={draft}"},
           {"type": "TextField", "ref": "now", "changeTask": "set", "changeParam": "echo=now", "changeDebounceMs": 0},
           {"type": "Switch", "ref": "plain"}]}}]}
        """#

    let scheduler = ManualScheduler()
    let service: SlamService

    init() throws {
        service = try SlamService(makeApplication: Self.makeApplication, scheduler: scheduler)
    }

    static func makeApplication() throws -> Application {
        let storyboard = try Storyboard(bytes: Array(Self.storyboard.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: storyboard.initialController)
        return application
    }

    func runs(_ runner: TestClient) -> [JSONValue] {
        runner.take().filter { $0["method"] == "task.run" }
    }

    func answer(_ run: JSONValue, _ outcome: JSONValue.Object, from runner: TestClient) {
        var message: JSONValue.Object = ["jsonrpc": "2.0", "id": run["id"] ?? .null]
        message.merge(outcome) { _, new in new }
        runner.send(JSONValue.object(message).description)
    }

    func send(_ client: TestClient, _ method: String, _ params: JSONValue, id: Int) {
        client.send(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params, "id": .integer(Int64(id))]).description)
    }

    func state(_ client: TestClient, _ key: String) -> JSONValue {
        client.result("state.get", ["key": .string(key)])["value"] ?? .null
    }

    @Test func typedTextRunsItsTaskOnceAfterAPause() throws {
        let user = TestClient(service, identifier: 1)
        user.result("typeText", ["ref": "draft", "text": "12"])
        scheduler.advance(milliseconds: 299)
        #expect(state(user, "echo") == "", "the pause is not over")
        user.result("key", ["key": "0"])
        scheduler.advance(milliseconds: 299)
        #expect(state(user, "echo") == "", "each key starts the pause again")
        scheduler.advance(milliseconds: 1)
        #expect(state(user, "echo") == "120", "the task ran once the typing paused, on the whole text")
        user.result("setText", ["ref": "draft", "text": "7"])
        scheduler.advance(milliseconds: 300)
        #expect(state(user, "echo") == "7", "setText is a change too")
    }

    @Test func aPauseOfZeroRunsOnEveryChangeBeforeTheReply() throws {
        let user = TestClient(service, identifier: 1)
        user.result("setText", ["ref": "now", "text": "x"])
        #expect(state(user, "echo") == "now")
    }

    @Test func changesMadeByCodeRunNothing() throws {
        let user = TestClient(service, identifier: 1)
        let runner = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["calculate"]])
        user.result("state.set", ["values": ["draft": "by code", "people": 9, "bill": "12"]])
        scheduler.advance(milliseconds: 1000)
        #expect(runs(runner).isEmpty)
        #expect(state(user, "echo") == "")
        user.result("press", ["ref": "plain"])
        #expect(runs(runner).isEmpty, "an element without a change task runs none")
        user.result("press", ["ref": "people", "value": "increment"])
        #expect(runs(runner).isEmpty, "a press that changes nothing (at the maximum) runs nothing")
    }

    @Test func aControlsChangeRunsAClientsTaskAsAPressWouldAndItsReplyWaitsForTheAnswer() throws {
        let user = TestClient(service, identifier: 1)
        let runner = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["calculate"]])
        send(user, "press", ["ref": "people", "value": "increment"], id: 10)
        let run = try #require(runs(runner).first)
        #expect(run["params"] == ["name": "calculate", "param": "people", "ref": "people", "controller": "Tip"])
        #expect(user.take().isEmpty, "the press is answered after the run")
        answer(run, ["result": "done"], from: runner)
        let reply = try #require(user.take().first { $0["id"] == 10 })
        #expect(reply["result"]?["value"] == 2)

        send(user, "press", ["ref": "people", "value": "increment"], id: 11)
        let failing = try #require(runs(runner).first)
        answer(failing, ["error": ["code": -32010, "message": "no bill"]], from: runner)
        let failure = try #require(user.take().first { $0["id"] == 11 })
        #expect(failure["error"]?["code"] == -32010, "a failed run fails the press, as a button's task does")
        #expect(failure["error"]?["message"]?.stringValue?.contains("no bill") == true, "\(failure)")
    }

    @Test func typedTextRunsAClientsTaskAfterThePauseAndAFailureIsLogged() throws {
        let user = TestClient(service, identifier: 1)
        let runner = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["calculate"]])
        user.result("subscribe", ["events": ["log"]])
        user.result("typeText", ["ref": "bill", "text": "42"])
        #expect(runs(runner).isEmpty, "typing is answered at once, before the pause")
        scheduler.advance(milliseconds: 300)
        let run = try #require(runs(runner).first)
        #expect(run["params"]?["ref"] == "bill")
        answer(run, ["error": ["code": -32010, "message": "not a number"]], from: runner)
        scheduler.advance(milliseconds: 0)
        let logs = user.take().filter { $0["method"] == "log" }
        #expect(logs.map { $0["params"]?["level"] } == ["error"], "\(logs)")
        #expect(logs.first?["params"]?["message"]?.stringValue?.contains("changeTask 'calculate' of 'bill' on Tip failed") == true, "\(logs)")
        #expect(logs.first?["params"]?["message"]?.stringValue?.contains("not a number") == true)
    }

    @Test func changesWhileAClientRunsTheTaskAreCoalescedIntoOneMoreRun() throws {
        let user = TestClient(service, identifier: 1)
        let other = TestClient(service, identifier: 3)
        let runner = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["calculate"]])
        send(user, "press", ["ref": "people", "value": "increment"], id: 10)
        let first = try #require(runs(runner).first)
        other.result("press", ["ref": "people", "value": "increment"])
        other.result("press", ["ref": "people", "value": "increment"])
        #expect(runs(runner).isEmpty, "no second run while the first is out")
        answer(first, ["result": 1], from: runner)
        #expect(user.take().contains { $0["id"] == 10 })
        scheduler.advance(milliseconds: 0)
        let again = runs(runner)
        #expect(again.count == 1, "the changes made meanwhile run the task once more: \(again)")
        #expect(state(other, "people").doubleValue == 4, "the run reads the latest value")
        answer(try #require(again.first), ["result": 2], from: runner)
        scheduler.advance(milliseconds: 0)
        #expect(runs(runner).isEmpty, "and no more")
    }

    @Test func aScreenGoneBeforeThePauseEndsRunsNothing() throws {
        let user = TestClient(service, identifier: 1)
        user.result("typeText", ["ref": "draft", "text": "gone"])
        user.result("reset")
        scheduler.advance(milliseconds: 300)
        #expect(state(user, "echo") == "", "the field whose pause it was is gone with the reset")
        #expect(service.changeTaskRuns.isEmpty)
    }
}
