import Testing
import SlamDemo
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer

/// Tasks clients run, in process with a clock the test moves: what each path
/// answers, what is held until the run ends, and what survives a reset.
@Suite struct ClientTaskTests {
    /// The `task.run` requests `runner` received so far (everything else it received is dropped).
    func runs(_ runner: TestClient) -> [JSONValue] {
        runner.take().filter { $0["method"] == "task.run" }
    }

    /// Answers a run as a client would.
    func answer(_ run: JSONValue, result: JSONValue, from runner: TestClient) {
        runner.send(JSONValue.object(["jsonrpc": "2.0", "id": run["id"] ?? .null, "result": result]).description)
    }

    /// Sends a request without waiting for its reply (it stays pending), with the given id.
    func sendPending(_ client: TestClient, _ method: String, _ params: JSONValue, id: Int) {
        client.send(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params, "id": .integer(Int64(id))]).description)
    }

    @Test func badRegistrationsNameTheParameterAtFault() throws {
        let client = TestClient(try demoService())
        let empty = client.request("tasks.register", ["names": []])
        #expect(empty["error"]?["code"] == -32602 && empty["error"]?["message"]?.stringValue?.contains("at least one") == true)
        let notString = client.request("tasks.register", ["names": ["a", 5]])
        #expect(notString["error"]?["data"]?["path"] == "names[1]")
        let twice = client.request("tasks.register", ["names": ["a", "a"]])
        #expect(twice["error"]?["message"]?.stringValue?.contains("'a' is named twice") == true)
        let zero = client.request("tasks.register", ["names": ["a"], "timeoutMs": 0])
        #expect(zero["error"]?["data"]?["parameter"] == "timeoutMs")
        #expect(client.result("tasks") .arrayValue?.contains("a") == false, "nothing was registered by a refused request")
    }

    @Test func aRunIsAnsweredOnceAndOnlyAnsweredRunsAreTaskRan() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        presser.result("subscribe", ["events": ["taskRan"]])

        sendPending(presser, "runTask", ["name": "greet", "param": "Ada"], id: 10)
        let run = try #require(runs(runner).first)
        #expect(run["id"] == "task-1" && run["params"] == ["name": "greet", "param": "Ada", "ref": .null, "controller": "Home"])
        #expect(presser.take().isEmpty, "nothing is answered before the runner")
        // An answer from a connection the run was not sent to is not the run's answer.
        answer(run, result: "forged", from: presser)
        #expect(presser.take().isEmpty)
        answer(run, result: "hello", from: runner)
        let replies = presser.take()
        #expect(replies.first?["result"]?["result"] == "hello")
        #expect(replies.dropFirst().map { $0["method"] } == ["taskRan"])
        // A second answer to the same run is dropped.
        answer(run, result: "again", from: runner)
        #expect(presser.take().isEmpty)

        sendPending(presser, "runTask", ["name": "greet"], id: 11)
        let failing = try #require(runs(runner).first)
        runner.send(#"{"jsonrpc":"2.0","id":"\#(failing["id"]?.stringValue ?? "")","error":{"code":-32000,"message":"no one to greet"}}"#)
        let failed = presser.take()
        #expect(failed.first?["error"]?["code"] == -32010)
        #expect(failed.count == 1, "no taskRan for a run that failed: \(failed)")
    }

    @Test func aTimeoutFailsTheRunAtTheRegisteredTime() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["slow"], "timeoutMs": 250])
        sendPending(presser, "runTask", ["name": "slow"], id: 1)
        let run = try #require(runs(runner).first)
        scheduler.advance(milliseconds: 249)
        #expect(presser.take().isEmpty)
        scheduler.advance(milliseconds: 1)
        let reply = try #require(presser.take().first)
        #expect(reply["error"]?["code"] == -32010 && reply["error"]?["data"]?["timeoutMs"] == 250)
        answer(run, result: "late", from: runner)
        #expect(presser.take().isEmpty, "a late answer answers nothing")
    }

    @Test func renderersGetOneRedrawAfterTheRunNotOnePerStep() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let renderer = TestClient(service, identifier: 2)
        let presser = TestClient(service, identifier: 3)
        runner.result("tasks.register", ["names": ["bump"]])
        renderer.result("ui.attach")
        _ = renderer.take()
        sendPending(presser, "runTask", ["name": "bump"], id: 1)
        let run = try #require(runs(runner).first)
        runner.result("press", ["ref": "increment"])
        runner.result("press", ["ref": "increment"])
        runner.result("state.set", ["key": "draft", "value": "x"])
        #expect(renderer.take().isEmpty, "nothing is drawn while the run is out")
        #expect(runner.result("find", ["ref": "count"])["text"] == "Count: 2", "the model is current for the handler")
        answer(run, result: .null, from: runner)
        let redraws = renderer.take().filter { $0["method"] == "ui.redraw" }
        #expect(redraws.count == 1, "one batch for the whole run: \(redraws)")
    }

    @Test func aRunEndingReleasesWhatWasHeldEvenWhileAnotherIsOut() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        let watcher = TestClient(service, identifier: 3)
        let otherPresser = TestClient(service, identifier: 4)
        runner.result("tasks.register", ["names": ["quick", "long"]])
        watcher.result("subscribe", ["events": ["stateChanged"]])
        sendPending(presser, "runTask", ["name": "long"], id: 1)
        sendPending(otherPresser, "runTask", ["name": "quick"], id: 2)
        let started = runs(runner)
        #expect(started.map { $0["params"]?["name"] } == ["long", "quick"])
        runner.result("state.set", ["key": "draft", "value": "quick's"])
        #expect(watcher.take().isEmpty, "held while both runs are out")
        answer(started[1], result: .null, from: runner)
        // Updates go out whenever a run ends, so runs that overlap without pause never hold them for long.
        #expect(watcher.take().map { $0["method"] } == ["stateChanged"])
        #expect(otherPresser.take().map { $0["id"] } == [2])
        #expect(presser.take().isEmpty, "the long run is still out")
        answer(started[0], result: .null, from: runner)
        #expect(presser.take().map { $0["id"] } == [1])
    }

    @Test func registrationsOutliveAResetAndTheDaemonStoppingFailsRunsOut() throws {
        let service = try resettableDemoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        presser.result("reset")
        #expect(presser.result("tasks").arrayValue?.contains("greet") == true)
        presser.result("subscribe", ["events": ["stateChanged"]])
        _ = presser.take()
        sendPending(presser, "runTask", ["name": "greet"], id: 5)
        #expect(runs(runner).count == 1)
        runner.result("state.set", ["key": "draft", "value": "half done"])
        service.shutDown()
        let messages = presser.take()
        #expect(messages.first?["error"]?["code"] == -32009)
        #expect(messages.dropFirst().map { $0["method"] } == ["stateChanged"], "what was held still goes out, after the reply")
    }

    @Test func theEnterKeyOnAFocusedButtonSendsItsReference() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let typist = TestClient(service, identifier: 2)
        // The demo's Settings screen: its "back" button runs `pop`, a built-in; a registered name is another button's task.
        runner.result("tasks.register", ["names": ["greet"]])
        typist.result("runTask", ["name": "push", "param": "Settings"])
        let application = service.application
        var buttons: [Button] = []
        application.topController?.view.forEachInTree { element in
            if let button = element as? Button, button.isEnabled, !button.isHidden, !button.reference.isEmpty { buttons.append(button) }
        }
        let button = try #require(buttons.first)
        button.task = "greet"
        button.param = "from a key"
        sendPending(typist, "key", ["key": "Enter", "ref": .string(button.reference)], id: 9)
        let run = try #require(runs(runner).first)
        #expect(run["params"]?["ref"] == .string(button.reference) && run["params"]?["controller"] == "Settings")
        #expect(run["params"]?["param"] == "from a key")
        #expect(typist.take().isEmpty)
        answer(run, result: .null, from: runner)
        #expect(typist.take().first?["result"]?["handled"] == true)
    }

    @Test func aHoldEndsAfterASecondOrAThousandEventsEvenWhileARunIsOut() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let runner = TestClient(service, identifier: 1)
        let watcher = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["slow"], "timeoutMs": 60_000])
        watcher.result("subscribe", ["events": ["stateChanged", "navigated"]])
        runner.send(#"{"jsonrpc":"2.0","method":"runTask","params":{"name":"slow"},"id":"slow"}"#)
        let run = try #require(runs(runner).first)
        runner.result("state.set", ["key": "draft", "value": "first"])
        scheduler.advance(milliseconds: NotificationHold.maximumMilliseconds - 1)
        #expect(watcher.take().isEmpty)
        scheduler.advance(milliseconds: 1)
        #expect(watcher.take().map { $0["method"] } == ["stateChanged"], "one slow run does not freeze every page")

        // Held events are bounded in number too: the turn that reaches the bound releases them.
        let pairs = NotificationHold.maximumNotifications / 2
        for _ in 0..<pairs {
            runner.result("runTask", ["name": "push", "param": "Settings"])
            runner.result("runTask", ["name": "pop"])
        }
        #expect(watcher.take().count == 2 * pairs)
        answer(run, result: .null, from: runner)
    }

    @Test func eventsMadeInTheBatchThatAnswersARunFollowItsReply() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        runner.result("subscribe", ["events": ["navigated"]])
        sendPending(presser, "runTask", ["name": "greet"], id: 1)
        let run = try #require(runs(runner).first)
        runner.send(#"[{"jsonrpc":"2.0","id":"\#(run["id"]?.stringValue ?? "")","result":null},{"jsonrpc":"2.0","method":"runTask","params":{"name":"push","param":"Settings"},"id":2}]"#)
        let messages = runner.take()
        #expect(messages.count == 2)
        #expect(messages.first?.arrayValue?.first?["id"] == 2, "the batch's reply first: \(messages)")
        #expect(messages.last?["method"] == "navigated")
    }

    @Test func aMalformedAnswerIsNotRepliedToAndFailsTheRun() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        sendPending(presser, "runTask", ["name": "greet"], id: 1)
        let run = try #require(runs(runner).first)
        runner.send(#"{"jsonrpc":"2.0","id":"\#(run["id"]?.stringValue ?? "")","result":1,"error":{"code":1,"message":"both"}}"#)
        #expect(runner.take().isEmpty, "a response is never answered, even a malformed one")
        let reply = try #require(presser.take().first)
        #expect(reply["error"]?["code"] == -32010)
        #expect(reply["error"]?["message"]?.stringValue?.contains("malformed response: it holds both 'result' and 'error'") == true,
                "\(reply)")
    }

    @Test func aRunnerThatStopsSendingFailsWhatItOwesAtOnce() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        let presser = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        sendPending(presser, "runTask", ["name": "greet"], id: 1)
        #expect(runs(runner).count == 1)
        service.clientStoppedSending(runner.session)
        let reply = try #require(presser.take().first)
        #expect(reply["error"]?["message"]?.stringValue?.contains("(client 1) went away") == true, "\(reply)")
        #expect(presser.errorCode("runTask", ["name": "greet"]) == -32005, "its names are free")
    }

    @Test func oneRequestRegistersAtMostAThousandNames() throws {
        let client = TestClient(try demoService())
        let names = (0...TaskNames.maximumCount).map { JSONValue.string("task\($0)") }
        let refused = client.request("tasks.register", ["names": .array(names)])
        #expect(refused["error"]?["data"]?["parameter"] == "names")
        #expect(client.result("tasks.register", ["names": .array(Array(names.dropLast()))])["registered"]?.arrayValue?.count
                == TaskNames.maximumCount)
    }

    @Test func aResetDuringARunStillAnnouncesTheKeysTheRunChanged() throws {
        let service = try resettableDemoService()
        let runner = TestClient(service, identifier: 1)
        let watcher = TestClient(service, identifier: 2)
        runner.result("tasks.register", ["names": ["greet"]])
        watcher.result("subscribe", ["events": ["stateChanged"]])
        watcher.result("state.set", ["key": "orderStatus", "value": "before"])
        #expect(watcher.take().map { $0["method"] } == ["stateChanged"])
        sendPending(runner, "runTask", ["name": "greet"], id: 1)
        let run = try #require(runs(runner).first)
        // The run sets the key back to its launch value; then someone resets: the value did not change across
        // the reset, but subscribers last heard "before".
        runner.result("state.set", ["key": "orderStatus", "value": "Nothing ordered yet"])
        watcher.result("reset")
        answer(run, result: .null, from: runner)
        let announced = watcher.take().filter { $0["method"] == "stateChanged" }.compactMap { $0["params"]?["values"]?["orderStatus"] }
        #expect(announced.last == "Nothing ordered yet", "the last word on orderStatus is its value now: \(announced)")
    }

    @Test func aNotificationWaitsForTheRunnersOwnRepliesStillOwed() throws {
        let service = try demoService()
        let runner = TestClient(service, identifier: 1)
        runner.result("tasks.register", ["names": ["greet"]])
        runner.result("subscribe", ["events": ["stateChanged"]])
        sendPending(runner, "runTask", ["name": "greet"], id: 1)
        let run = try #require(runs(runner).first)
        // While it runs the task, the runner sends a batch whose reply waits (a wait that never holds)...
        runner.send(#"[{"jsonrpc":"2.0","method":"state.set","params":{"key":"draft","value":"x"},"id":2},"#
                    + #"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"never","timeoutMs":60000},"id":3}]"#)
        answer(run, result: .null, from: runner)
        // ...and hears of its state.set only after that batch's reply.
        let messages = runner.take()
        #expect(messages.first?["id"] == 1, "the run's caller first: \(messages)")
        #expect(!messages.contains { $0["method"] == "stateChanged" }, "no news before the batch that made it is answered: \(messages)")
    }
}
