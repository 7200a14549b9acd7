import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer

/// The `action` event recorders build flows from: every client's actions, with robust locators.
@Suite struct ActionEventTests {
    private func service() throws -> SlamService {
        let application = Application()
        func button(_ text: String) -> Button {
            let button = Button(reference: "")
            button.text = text
            return button
        }
        let bar = View(reference: "bar", subviews: [button("Go"), button("Go")])
        let controller = try ViewController(identifier: "Main", title: "Main",
                                            view: View(reference: "root", subviews: [button("Next"), bar, Button(reference: "save")]))
        application.push(controller)
        return SlamService(application: application, scheduler: ManualScheduler())
    }

    @Test func everyClientsActionsReachSubscribersWithTheMostRobustLocator() throws {
        let service = try service()
        let recorder = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 7)
        recorder.result("subscribe", ["events": ["action"]])
        person.result("press", ["ref": ["type": "Button", "text": "Go", "nth": 1]])
        person.result("press", ["ref": ["text": "Next"]])
        person.result("press", ["ref": ["type": "Button", "nth": -1]])
        person.result("key", ["key": "Tab"])
        let actions = recorder.take().filter { $0["method"] == "action" }.map { $0["params"] ?? .null }
        #expect(actions.map { $0["ref"] } == [
            ["type": "Button", "text": "Go", "within": "bar", "nth": 1],
            ["role": "button", "name": "Next"],
            "save",
            .null,
        ])
        #expect(actions.map { $0["method"] } == ["press", "press", "press", "key"])
        #expect(actions.allSatisfy { $0["client"] == 7 && $0["controller"] == "Main" })
        #expect(actions.last?["params"] == ["key": "Tab"])
    }

    @Test func subscribeAnswersTheNumberThisConnectionsActionsCarry() throws {
        let service = try service()
        let recorder = TestClient(service, identifier: 1)
        let person = TestClient(service, identifier: 7)
        #expect(recorder.result("subscribe", ["events": ["action"]])["client"] == 1)
        #expect(person.result("subscribe", ["events": ["action"]])["client"] == 7)
        person.result("press", ["ref": "save"])
        recorder.result("press", ["ref": "save"])
        let clients = recorder.take().filter { $0["method"] == "action" }.map { $0["params"]?["client"] }
        #expect(clients == [7, 1], "each action names the number its connection's subscribe answered")
        #expect(person.result("unsubscribe")["client"] == 7)
    }

    @Test func locatorAnswersTheLocatorTheActionEventCarries() throws {
        let service = try service()
        let recorder = TestClient(service, identifier: 1)
        recorder.result("subscribe", ["events": ["action"]])
        let targets: [JSONValue] = [["type": "Button", "text": "Go", "nth": 1], ["text": "Next"], ["type": "Button", "nth": -1]]
        let answered = targets.map { recorder.result("locator", ["ref": $0, "controller": "Main"])["locator"] }
        #expect(recorder.take().isEmpty, "asking for a locator is no action")
        for target in targets { recorder.result("press", ["ref": target]) }
        let carried = recorder.take().filter { $0["method"] == "action" }.map { $0["params"]?["ref"] }
        #expect(answered == carried)
        #expect(answered == [["type": "Button", "text": "Go", "within": "bar", "nth": 1], ["role": "button", "name": "Next"], "save"])
        #expect(recorder.errorCode("locator", ["ref": "nowhere"]) == -32001)
        #expect(recorder.errorCode("locator", ["ref": ["text": "Go"]]) == -32014)
        #expect(recorder.errorCode("locator", ["ref": "save", "controller": "Elsewhere"]) == -32006)
    }

    @Test func aFailedActionIsNotAnnounced() throws {
        let service = try service()
        let recorder = TestClient(service, identifier: 1)
        recorder.result("subscribe", ["events": ["action"]])
        #expect(recorder.errorCode("press", ["ref": "nowhere"]) == -32001)
        #expect(recorder.take().isEmpty)
    }
}
