import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// The shared state seen from other processes, on a real slamd: `state.set` from
/// one client changes what bound elements show for every client, and
/// subscribers hear one `stateChanged` and one `changed` per coalesced update.
@Suite struct SharedStateOverTheSocketTests {
    static let examplePath = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/Examples/counter-and-todos.storyboard.json"

    @Test func stateSetChangesTheBoundLabelForEveryClient() throws {
        let app = try SlamApp.launch(storyboard: Self.examplePath)
        let other = try app.connect()
        let result = try other.call("state.set", ["key": "count", "value": 41])
        #expect(result["changed"] == ["count"])
        #expect(try app.label("count").text() == "Count: 41", "bound elements updated before the reply")
        #expect(try app.button("decrement").isEnabled())
        #expect(try other.call("state.get", ["key": "count"]) == ["key": "count", "value": 41])
        #expect(try other.call("state.set", ["key": "count", "value": 41])["changed"] == [], "an equal value changes nothing")
    }

    @Test func oneStateSetOfManyKeysIsOneNotificationOfEachKind() throws {
        let app = try SlamApp.launch(storyboard: Self.examplePath)
        let watcher = try app.connect()
        _ = try watcher.call("subscribe", ["events": ["changed", "stateChanged"]])
        _ = try app.connection.call("state.set", ["values": ["count": 3, "wifi": false]])

        let first = try watcher.nextNotification(timeoutMilliseconds: 30_000)
        #expect(first.method == "stateChanged")
        #expect(first.params?.jsonValue["values"] == ["count": 3, "wifi": false])
        let second = try watcher.nextNotification(timeoutMilliseconds: 30_000)
        #expect(second.method == "changed")
        let refs = Set((second.params?.jsonValue["changes"]?.arrayValue ?? []).compactMap { $0["ref"]?.stringValue })
        #expect(refs == ["count", "decrement", "reset", "wifi", "wifiStatus"], "every bound element that changed, each once")
        #expect(throws: ClientError.timedOut(milliseconds: 300), "nothing more for one state.set") {
            try watcher.nextNotification(timeoutMilliseconds: 300)
        }
    }

    @Test func aButtonsBuiltInTaskChangesTheStateOtherClientsSee() throws {
        let app = try SlamApp.launch(storyboard: Self.examplePath)
        let watcher = try app.connect()
        _ = try watcher.call("subscribe", ["events": ["stateChanged"]])
        _ = try app.button("increment").press()
        #expect(try watcher.nextNotification(timeoutMilliseconds: 30_000).params?.jsonValue["values"] == ["count": 1])
        _ = try app.switch("wifi").press()
        #expect(try watcher.nextNotification(timeoutMilliseconds: 30_000).params?.jsonValue["values"] == ["wifi": false],
                "a bound switch writes its key")
        #expect(try app.connection.call("state.list")["values"]?["wifi"] == false)
    }

    @Test func badStateRequestsAreRefusedAndTheDaemonGoesOn() throws {
        let app = try SlamApp.launch(storyboard: Self.examplePath)
        func error(_ method: String, _ params: JSONValue.Object) -> ResponseError? {
            do {
                _ = try app.connection.call(method, params)
                return nil
            } catch {
                guard case .server(let response) = error else { return nil }
                return response
            }
        }
        let missing = error("state.get", ["key": "nope"])
        #expect(missing?.code.rawValue == -32011)
        #expect(missing?.data == ["key": "nope"])
        #expect(missing?.message.contains("nope") == true)
        #expect(error("state.set", ["key": "count"])?.data?["parameter"] == "value")
        #expect(error("state.set", ["key": "count", "value": 1, "values": ["a": 1]])?.code.rawValue == -32602)
        #expect(error("state.set", ["values": [1, 2]])?.data?["parameter"] == "values")
        #expect(error("state.set", ["key": "", "value": 1])?.data?["parameter"] == "key")
        #expect(try app.connection.call("ping") == "pong")
    }
}

/// The demo's to-do screen (a state view with keyed rows) driven over the socket:
/// adding and removing rows keeps the other rows — and what was typed into them.
@Suite struct TodoScreenOverTheSocketTests {
    @Test func addingAndRemovingRowsKeepsTheOtherRowsIdentity() throws {
        let app = try SlamApp.launch()
        _ = try app.runTask("push", param: "Todos")
        #expect(try app.label("t1/title").text() == "Buy milk")
        #expect(try app.label("summary").text() == "1 of 2 to do")
        _ = try app.textField("t1/note").setText("semi-skimmed")   // state of row t1 alone (no focus: typing would move it)
        let watcher = try app.connect()
        _ = try watcher.call("subscribe", ["events": ["changed"]])

        _ = try app.textField("draft").type("Call mum")
        _ = try app.button("add").press()
        #expect(try app.label("t3/title").wait(text: "Call mum", timeout: .seconds(30)).text == "Call mum")
        #expect(try app.textField("t1/note").text() == "semi-skimmed", "row t1 was kept, not re-created")
        #expect(try app.label("summary").text() == "2 of 3 to do")
        var changedRefs: Set<String> = []
        while let notification = try? watcher.nextNotification(timeoutMilliseconds: 300) {
            changedRefs.formUnion((notification.params?.jsonValue["changes"]?.arrayValue ?? []).compactMap { $0["ref"]?.stringValue })
        }
        #expect(!changedRefs.contains { $0.hasPrefix("t1/") || $0.hasPrefix("t2/") }, "untouched rows report no change: \(changedRefs.sorted())")
        #expect(changedRefs.contains("t3/title") && changedRefs.contains("summary"))

        _ = try app.button("t2/remove").press()
        #expect(try app.element("t2").wait(until: .absent, timeout: .seconds(30)) == nil)
        #expect(try app.textField("t1/note").text() == "semi-skimmed", "removing another row keeps t1")
        #expect(try app.label("t3/title").text() == "Call mum")

        _ = try app.switch("t1/done").press()
        #expect(try app.label("summary").wait(text: "1 of 2 to do", timeout: .seconds(30)).text == "1 of 2 to do")
        let todos = try app.connection.call("state.get", ["key": "todos"])["value"]
        #expect(todos == [["done": true, "id": "t1", "title": "Buy milk"], ["done": false, "id": "t3", "title": "Call mum"]])
    }

    @Test func aStateSetFromAnotherClientReconcilesTheRowsById() throws {
        let app = try SlamApp.launch()
        _ = try app.runTask("push", param: "Todos")
        _ = try app.textField("t2/note").type("after lunch")
        let other = try app.connect()
        _ = try other.call("state.set", ["key": "todos", "value": [
            ["id": "t9", "title": "New first", "done": false],
            ["id": "t2", "title": "Walk the dog twice", "done": true],
        ]])
        #expect(try app.label("t2/title").text() == "Walk the dog twice", "the kept row got its new props")
        #expect(try app.textField("t2/note").text() == "after lunch", "and kept its identity")
        #expect(try !app.element("t1").exists())
        let rows = try app.tree().children.compactMap { $0.reference.contains("/") || ["draft", "add", "summary"].contains($0.reference) ? nil : $0.reference }
        #expect(rows == ["t9", "t2"], "rows follow the new order")
    }
}
