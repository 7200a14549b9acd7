import Testing
import SlamJSON
import SlamRPC
import SlamUI
@testable import SlamServer

/// `focus`, `key`, `typeText`, `focusChanged` and covered screens, through the protocol.
@Suite struct InputMethodTests {
    @Test func focusChangedArrivesAfterTheReplyToTheRequestThatCausedIt() throws {
        let client = TestClient(try demoService())
        client.result("subscribe", ["events": ["focusChanged"]])
        client.send(#"{"jsonrpc":"2.0","method":"focus","params":{"ref":"increment"},"id":"f"}"#)
        let messages = client.take()
        #expect(messages.map { $0["id"] ?? $0["method"] } == ["f", "focusChanged"])
    }

    @Test func focusAnswersTheFocusedSnapshotAndEveryoneHearsOfIt() throws {
        let service = try demoService()
        let client = TestClient(service, identifier: 1)
        let watcher = TestClient(service, identifier: 2)
        watcher.result("subscribe", ["events": ["focusChanged", "changed"]])
        #expect(client.result("focus", ["ref": "increment"])["focused"] == true)
        client.result("focus", ["ref": "openSettings"])
        let events = watcher.take()
        #expect(events.filter { $0["method"] == "focusChanged" }.map { $0["params"] } == [
            ["controller": "Home", "ref": "increment", "previous": nil],
            ["controller": "Home", "ref": "openSettings", "previous": "increment"],
        ])
        // The focused flag is what users see: both buttons are reported changed.
        let changed = events.filter { $0["method"] == "changed" }.flatMap { $0["params"]?["changes"]?.arrayValue ?? [] }
        #expect(changed.map { $0["ref"] } == ["increment", "increment", "openSettings"])
        #expect(client.result("find", ["ref": "increment"])["focused"] == false)
    }

    @Test func tabSkipsDisabledButtonsAndEnterPressesTheFocusedOne() throws {
        let client = TestClient(try demoService())
        var order: [JSONValue?] = []
        for _ in 0..<3 {
            let outcome = client.result("key", ["key": "Tab"])
            #expect(outcome["handled"] == true && outcome["controller"] == "Home")
            order.append(outcome["focused"]?["ref"])
        }
        #expect(order == ["increment", "openSettings", "openList"], "-1 and Reset are disabled at 0")
        client.result("key", ["key": "Shift+Tab"])
        client.result("key", ["key": "Shift+Tab"])
        let pressed = client.result("key", ["key": "Enter"])
        #expect(pressed["focused"]?["ref"] == "increment")
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
        #expect(client.result("key", ["key": "x"])["handled"] == false, "a button has no use for letters")
    }

    @Test func typingIntoAFocusedTextFieldEditsItAndReachesFind() throws {
        let client = TestClient(try demoService())
        client.result("runTask", ["name": "push", "param": "Settings"])
        client.result("focus", ["ref": "name"])
        for key in ["A", "d", "x", "Backspace", "a"] { client.result("key", ["key": .string(key)]) }
        #expect(client.result("find", ["ref": "name"])["text"] == "Ada")
        let typed = client.result("typeText", ["ref": "name", "text": " L."])
        #expect(typed["text"] == "Ada L." && typed["focused"] == true)
    }

    @Test func typeTextRefusesWhatIsNoTextField() throws {
        let client = TestClient(try demoService())
        let reply = client.request("typeText", ["ref": "increment", "text": "x"])
        #expect(reply["error"]?["code"] == -32002)
        #expect(reply["error"]?["data"] == ["ref": "increment", "type": "Button"])
    }

    @Test func unknownKeysAndUnfocusableElementsGetClearErrors() throws {
        let client = TestClient(try demoService())
        var reply = client.request("key", ["key": "F13"])
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["parameter"] == "key")
        #expect(reply["error"]?["message"]?.stringValue?.contains("unknown key 'F13'") == true)
        reply = client.request("focus", ["ref": "heading"])
        #expect(reply["error"]?["code"] == -32002)
        #expect(reply["error"]?["message"] == "Element not interactive: element 'heading' is a Label, which cannot take focus")
        #expect(client.errorCode("focus", ["ref": "decrement"]) == -32003)
        #expect(client.result("ping") == "pong", "the daemon keeps serving")
    }

    @Test func anAlertCoversTheScreenUntilItIsAnswered() throws {
        let service = try demoService()
        var answers: [String] = []
        service.application.registerAlert(Alert(identifier: "confirmReset", title: "Reset the counter?", message: "It goes back to 0.",
                                                buttons: [.init(title: "Reset", style: .destructive) { answers.append("reset") },
                                                          .init(title: "Cancel", style: .cancel) { answers.append("cancel") }]))
        let client = TestClient(service)
        #expect(client.result("runTask", ["name": "alert", "param": "confirmReset"])["top"] == "confirmReset")
        #expect(client.result("controllers").arrayValue?.last?["modal"] == true)
        let alert = client.result("tree")
        #expect(alert["type"] == "Alert" && alert["title"] == "Reset the counter?")
        #expect(alert["children"]?.arrayValue?.map { $0["ref"] } == ["reset", "cancel"])

        for method in ["press", "focus"] {
            let reply = client.request(method, ["ref": "increment", "controller": "Home"])
            #expect(reply["error"]?["code"] == -32012, "\(method)")
            #expect(reply["error"]?["data"] == ["ref": "increment", "controller": "Home", "coveredBy": "confirmReset"])
            #expect(reply["error"]?["message"] == "Element covered: element 'increment' cannot be reached: 'confirmReset' covers 'Home'")
        }
        #expect(client.result("find", ["ref": "count", "controller": "Home"])["text"] == "Count: 0", "reading is always allowed")
        #expect(client.result("key", ["key": "Escape"])["controller"] == "Home")
        #expect(answers == ["cancel"])
        client.result("press", ["ref": "increment"])
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1")
    }

    @Test func aCoveredTextFieldRefusesTextAndTyping() throws {
        let service = try demoService()
        service.application.registerAlert(Alert(identifier: "busy", title: "Busy", buttons: [.init(title: "OK")]))
        let client = TestClient(service)
        client.result("runTask", ["name": "push", "param": "Settings"])
        client.result("runTask", ["name": "alert", "param": "busy"])
        #expect(client.errorCode("setText", ["ref": "name", "text": "x", "controller": "Settings"]) == -32012)
        #expect(client.errorCode("typeText", ["ref": "name", "text": "x", "controller": "Settings"]) == -32012)
        #expect(client.result("key", ["key": "Enter"])["controller"] == "Settings", "Enter presses the alert's plain button")
        #expect(client.result("typeText", ["ref": "name", "text": "ok"])["text"] == "ok")
    }
}
