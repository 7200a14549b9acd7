import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamRPC

/// The blocking client's typed helpers and errors against a real daemon.
@Suite struct BlockingConnectionTests {
    @Test func typedHelpersReadEveryKindOfResult() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try app.connect()
        #expect(try connection.ping() == "pong")
        let version = try connection.version()
        #expect(version.protocolVersion == "1.0")
        #expect(version.methods.contains("waitFor") && version.methods.contains("rpc.discover"))
        #expect(version.events.contains("stateChanged"))
        #expect(version.framings == ["newline", "contentLength"])
        #expect(version.maximumWaitTimeoutMilliseconds == 600_000)
        #expect(version.maximumMessageBytes ?? 0 >= 1024)
        #expect(try connection.discover()["openrpc"] != nil)
        #expect(try connection.find("count").text == "Count: 0")
        #expect(try connection.query(type: "Button", enabled: false).map(\.reference) == ["decrement", "reset"])
        #expect(try connection.tree(depth: 1).children.count == 6)
        #expect(try connection.locator("increment") == ElementLocator(role: "button", name: "+1"))
        #expect(try connection.locator(ElementLocator(text: "Count: 0")) == "count", "a text the app rewrites is found by its reference")
        #expect(try connection.press("increment").reference == "increment")
        #expect(try connection.updateUI() == [], "autoUI already updated")
        #expect(try connection.tasks() == ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"])
        #expect(try connection.runTask("push", param: "Settings") == "Settings")
        #expect(try connection.controllers() == [ControllerEntry(id: "Home", title: "Slam Demo", modal: false),
                                                 ControllerEntry(id: "Settings", title: "Settings", modal: false)])
        #expect(try connection.setText("name", "Ada").text == "Ada")
        #expect(try connection.waitFor("greeting", property: "text", equals: "Hello, Ada", timeoutMilliseconds: 30_000).text == "Hello, Ada")
        #expect(try connection.waitFor("count", state: .absent, timeoutMilliseconds: 0) == nil, "count is not on Settings")
        #expect(try connection.subscribe([.log, .changed]).sorted() == ["changed", "log"])
        #expect(try connection.unsubscribe([.log]) == ["changed"])
    }

    @Test func focusKeysAndTypingGoThroughTheTypedHelpers() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try app.connect()
        try connection.subscribe([.focusChanged])
        let tab = try connection.key("Tab")
        #expect(tab == KeyOutcome(key: "Tab", handled: true, controller: "Home", focused: try connection.find("increment")))
        #expect(tab.focused?["focused"] == true)
        #expect(try connection.keys(["Enter", " "]).map(\.handled) == [true, true], "Enter and Space press a focused button")
        #expect(try connection.find("count").text == "Count: 2")
        let event = try connection.nextNotification(timeoutMilliseconds: 30_000)
        guard case .focusChanged(let moved)? = SlamEvent(event) else {
            Issue.record("expected focusChanged, got \(event.method)")
            return
        }
        #expect(moved == FocusChangedEvent(controller: "Home", ref: "increment", previous: nil))

        try connection.runTask("push", param: "Settings")
        #expect(try connection.focus("name")["focused"] == true)
        #expect(try connection.typeText("name", "Adx").text == "Adx")
        #expect(try connection.key("Backspace").focused?.text == "Ad")
        #expect(try connection.typeText("name", "a").text == "Ada", "typing goes on where the text ends")
        #expect(try connection.find("greeting").text == "Hello, Ada", "the demo's greeting follows each key")
        #expect(try connection.key("Tab").focused?.reference == "pages")
        #expect(try connection.find("name")["focused"] == false)
        #expect(try connection.press("pages", value: 2)["currentPage"] == 2)
    }

    @Test func focusAndKeyErrorsCarryTheirCodes() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        do {
            try app.connection.focus("count")
            Issue.record("a label took the focus")
        } catch .server(let error) {
            #expect(error.code == .elementNotInteractive)
        }
        do {
            try app.connection.key("Hyper+Q")
            Issue.record("an unknown key was pressed")
        } catch .server(let error) {
            #expect(error.code == .invalidParams)
            #expect(error.data?["parameter"] == "key")
        }
        do {
            try app.connection.typeText("increment", "x")
            Issue.record("a button took typing")
        } catch .server(let error) {
            #expect(error.code == .elementNotInteractive)
        }
    }

    @Test func serverErrorsCarryCodeMessageAndData() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        do {
            try app.connection.runTask("nope")
            Issue.record("an unknown task ran")
        } catch .server(let error) {
            #expect(error.code == .taskNotFound)
            #expect(error.code.rawValue == -32005)
            #expect(error.data?["task"] == "nope")
        }
        #expect(throws: ClientError.timedOut(milliseconds: 50)) {
            try app.connection.nextNotification(timeoutMilliseconds: 50)
        }
    }

    /// A wait longer than the connection's timeout ends with the daemon's answer
    /// (-32008 and the last snapshot), not with the client giving up first.
    @Test(arguments: [false, true])
    func waitsLongerThanTheConnectionTimeoutGetTheDaemonsAnswer(byPosition: Bool) throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try app.connect()
        connection.timeoutMilliseconds = 300
        let params: Parameters = byPosition
            ? .byPosition(["count", .null, "text", "Count: 99", 1_000])
            : .byName(["ref": "count", "property": "text", "equals": "Count: 99", "timeoutMs": 1_000])
        let response = try connection.request("waitFor", params: params)
        guard case .failure(let error) = response.outcome else {
            Issue.record("the condition never holds, yet waitFor succeeded")
            return
        }
        #expect(error.code == .waitTimedOut)
        #expect(error.data?["snapshot"]?["text"] == "Count: 0")
        // In a batch too: its reply waits for the wait.
        let batch = try connection.batch([("ping", nil), ("waitFor", ["ref": "count", "property": "text",
                                                                      "equals": "Count: 99", "timeoutMs": 1_000])])
        let codes = batch.map { response -> ErrorCode? in
            if case .failure(let error) = response.outcome { error.code } else { nil }
        }
        #expect(codes == [nil, .waitTimedOut])
        // The allowance is per call: an ordinary call still times out at the connection's timeout.
        #expect(connection.timeoutMilliseconds == 300)
        #expect(throws: ClientError.timedOut(milliseconds: 300)) {
            try connection.nextNotification()
        }
    }
}
