import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `slamctl run FLOW.json`: a scenario file run step by step against the daemon.
@Suite(.timeLimit(.minutes(10))) struct RunCommandTests {
    /// Runs `slamctl run` on a flow file holding `flow`, then removes the file.
    private func run(_ flow: String, app: SlamApp?, socket: String? = nil,
                     extraArguments: [String] = []) throws -> (SlamctlResult, path: String) {
        let file = try TemporaryFile(named: "flow.json", contents: flow)
        defer { file.remove() }
        let socketArguments = socket.map { ["--socket", $0] } ?? []
        let result = try SlamctlProcess(["run", file.path] + socketArguments + extraArguments, app: app).finish()
        return (result, file.path)
    }

    @Test func aPassingFlowReportsEveryStepAndExitsZero() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run("""
            {"name": "Tour", "timeoutMs": 3000, "steps": [
              {"press": "increment"},
              {"expect": "count", "property": "text", "equals": "Count: 1"},
              {"task": "push", "param": "Settings"},
              {"wait": "wifi", "state": "visible"},
              {"press": "wifi", "value": false},
              {"text": "name", "value": "Ada"},
              {"wait": "greeting", "property": "text", "equals": "Hello, Ada"},
              {"press": "volume", "value": "increment"},
              {"expect": "volume", "property": "value", "equals": 6},
              {"expectAbsent": "count"},
              {"expect": "count", "property": "text", "equals": "Count: 1", "controller": "Home", "timeoutMs": 500},
              {"task": "pop"}]}
            """, app: app)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.lines == [
            "flow Tour: 12 steps",
            "ok step 1: press increment",
            "ok step 2: expect count text = \"Count: 1\"",
            "ok step 3: task push Settings",
            "ok step 4: wait wifi visible",
            "ok step 5: press wifi false",
            "ok step 6: text name \"Ada\"",
            "ok step 7: wait greeting text = \"Hello, Ada\"",
            "ok step 8: press volume \"increment\"",
            "ok step 9: expect volume value = 6",
            "ok step 10: expect count absent",
            "ok step 11: expect count text = \"Count: 1\"",
            "ok step 12: task pop",
            "flow Tour passed",
        ])
        // The steps really ran.
        #expect(try app.controllerStack() == ["Home"])
        #expect(try app.connection.find("count").text == "Count: 1")
        try app.runTask("push", param: "Settings")
        #expect(try app.connection.find("wifiStatus").text == "Wi-Fi is off")
        #expect(try app.connection.find("volumeLabel").text == "Volume: 6")
    }

    @Test func stepsNameElementsByRoleAndName() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run("""
            {"name": "Roles", "timeoutMs": 3000, "steps": [
              {"press": {"role": "button", "name": "+1"}},
              {"expect": {"role": "paragraph", "name": "/^Count: /"}, "property": "text", "equals": "Count: 1"},
              {"press": {"role": "button", "within": {"role": "region", "name": "Menu"}, "nth": 0}},
              {"press": {"role": "switch", "name": "/wi-?fi/i"}, "value": false},
              {"text": {"role": "textbox", "name": "Name"}, "value": "Ada"},
              {"expect": "greeting", "property": "text", "equals": "Hello, Ada"}]}
            """, app: app)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines == [
            "flow Roles: 6 steps",
            "ok step 1: press button \"+1\"",
            "ok step 2: expect paragraph named /^Count: / text = \"Count: 1\"",
            "ok step 3: press button within region \"Menu\" #0",
            "ok step 4: press switch named /wi-?fi/i false",
            "ok step 5: text textbox \"Name\" \"Ada\"",
            "ok step 6: expect greeting text = \"Hello, Ada\"",
            "flow Roles passed",
        ])
        #expect(try app.connection.find("wifiStatus").text == "Wi-Fi is off")
    }

    /// The example flow that clients/README.md points to passes against the demo as committed.
    @Test func theCommittedExampleFlowPassesAgainstTheDemo() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let path = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/clients/flows/demo-counter.json"
        let result = try SlamctlProcess(["run", path], app: app).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines.first == "flow demo counter and settings: 15 steps")
        #expect(result.lines.contains("ok step 1: reset"))
        #expect(result.lines.contains(#"ok step 8: press Button "Settings""#))
        #expect(result.lines.last == "flow demo counter and settings passed")
        #expect(try app.controllerStack() == ["Home"], "its last steps went back to Home")
    }

    /// After a person (or the tour, docs/tour.md) has changed the app, the example flow still
    /// passes: its first step resets the app to its launch state.
    @Test func theExampleFlowPassesAgainOnAnAppLeftAnywhere() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.button("increment").press()
        try app.button("openSettings").press()
        try app.textField("name").setText("Grace")
        let path = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/clients/flows/demo-counter.json"
        let result = try SlamctlProcess(["run", path], app: app).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    /// The keyboard example flow (focus, key, typeText) passes against the demo as committed.
    @Test func theCommittedKeyboardFlowPassesAgainstTheDemo() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let path = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/clients/flows/demo-keyboard.json"
        let result = try SlamctlProcess(["run", path], app: app).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines.contains("ok step 3: key Enter \" \""))
        #expect(result.lines.contains("ok step 6: typeText name \"Adx\""))
        #expect(result.lines.last == "flow demo keyboard passed")
        #expect(try app.controllerStack() == ["Home"], "Escape went back to Home")
    }

    /// The committed order flow drives a picker, a date picker, a sectioned table with multiple selection,
    /// a collection view and an alert on clients/flows/order.storyboard.json.
    @Test(.enabled(if: ElementType.builtIn["CollectionView"] != nil, "the daemon predates the new elements"))
    func theCommittedOrderFlowDrivesTheNewElementsAndAnAlert() throws {
        let flows = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/clients/flows"
        let app = try SlamApp.launch(storyboard: flows + "/order.storyboard.json")
        defer { app.stop() }
        let result = try SlamctlProcess(["run", flows + "/order.json"], app: app).finish()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines.contains("ok step 1: press size [0,2]"))
        #expect(result.lines.contains(#"ok step 7: press delivery "2026-12-24""#))
        #expect(result.lines.last == "flow order: picker, date picker, sectioned table, collection view, alert passed")
        #expect(try app.controllerStack() == ["Order", "Cancelled"], "the alert's confirm button pushed")
    }

    @Test func aKeyTheDaemonDoesNotKnowFailsTheFlowAtItsStep() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run(#"{"name": "Keys", "steps": [{"key": ["Tab", "Hyper"]}, {"key": "Enter"}]}"#, app: app)
        #expect(result.status == 1)
        #expect(result.lines.contains("FAILED step 1: key Tab Hyper"))
        #expect(result.lines.last == "flow Keys failed at step 1 of 2")
        #expect(try app.connection.find("count").text == "Count: 0", "the Enter of step 2 never ran")
    }

    @Test func aFailingFlowNamesTheStepTheExpectedValueAndTheActualSnapshot() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run("""
            {"name": "Wrong", "timeoutMs": 300, "steps": [
              {"press": "increment"},
              {"expect": "count", "property": "text", "equals": "Count: 99"},
              {"press": "increment"}]}
            """, app: app)
        #expect(result.status == 1)
        #expect(result.standardError == "")
        #expect(result.lines == [
            "flow Wrong: 3 steps",
            "ok step 1: press increment",
            "FAILED step 2: expect count text = \"Count: 99\"",
            "  error -32008: Wait timed out: 'count' did not reach {\"property\":\"text\",\"equals\":\"Count: 99\"} within 300 ms",
            "  expected: {\"property\":\"text\",\"equals\":\"Count: 99\"}",
            "  actual:   {\"type\":\"Label\",\"ref\":\"count\",\"role\":\"paragraph\",\"name\":\"Count: 1\",\"visible\":true,\"text\":\"Count: 1\"}",
            "  text: expected \"Count: 99\", got \"Count: 1\"",
            "flow Wrong failed at step 2 of 3",
        ])
        #expect(try app.connection.find("count").text == "Count: 1", "the steps after the failing one did not run")
    }

    @Test func withJSONTheReportIsOneObject() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run("""
            {"name": "Json", "timeoutMs": 300, "steps": [
              {"press": "increment"},
              {"expect": "count", "property": "text", "equals": "Count: 99"}]}
            """, app: app, extraArguments: ["--json"])
        #expect(result.status == 1)
        let report = try result.json()
        #expect(report["flow"] == "Json")
        #expect(report["passed"] == false)
        #expect(report["steps"]?[0] == ["step": "press increment", "passed": true])
        #expect(report["steps"]?[1]?["passed"] == false)
        #expect(report["steps"]?[1]?["error"]?["code"] == -32008)
        #expect(report["steps"]?[1]?["error"]?["data"]?["snapshot"]?["text"] == "Count: 1")
    }

    @Test func aOneStepFlowSaysStep() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run(#"{"name": "One", "steps": [{"press": "increment"}]}"#, app: app)
        #expect(result.status == 0)
        #expect(result.lines.first == "flow One: 1 step")
    }

    @Test func aStepOnAMissingElementSaysItIsNotOnScreen() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        // Settings has a wifi switch: the step waits for it, and says it never came.
        let (result, _) = try run("""
            {"name": "Ghost", "steps": [{"task": "push", "param": "List"}, {"press": "wifi", "timeoutMs": 200}]}
            """, app: app)
        #expect(result.status == 1)
        #expect(result.lines.contains("FAILED step 2: press wifi"))
        #expect(result.lines.contains("  expected: to exist"))
        #expect(result.lines.contains("  actual:   no such element on screen"))
        #expect(result.lines.last == "flow Ghost failed at step 2 of 2")

        // No screen has a ghost: the step fails at once with what the daemon suggests.
        let (typo, _) = try run("""
            {"name": "Ghost", "steps": [{"task": "push", "param": "List"}, {"press": "ghost", "timeoutMs": 30000}]}
            """, app: app)
        #expect(typo.status == 1)
        #expect(typo.lines.contains("  error -32001: Element not found: no element with reference 'ghost' in controller 'List'"))
    }

    @Test func aFlowFailingOnTheDaemonsRefusalReportsItsError() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let (result, _) = try run(#"{"name": "Nowhere", "steps": [{"task": "nope"}]}"#, app: app)
        #expect(result.status == 1)
        #expect(result.lines.dropFirst() == [
            "FAILED step 1: task nope",
            "  error -32005: Task not found: no task named 'nope'",
            "flow Nowhere failed at step 1 of 1",
        ])
    }

    @Test func anUnreadableFlowFileFailsWithStatusOne() throws {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        defer { rmdir(directory) }
        let path = directory + "/missing.json"
        let result = try slamctl("run", path, "--socket", directory + "/slamd.sock")
        #expect(result.status == 1, "a file that cannot be read, as the exit status table says; checked before connecting, so not 3")
        #expect(result.errorLines == ["slamctl: cannot read the flow file \(path): No such file or directory"])
    }

    @Test func aFlowFileThatIsNotJSONFailsWithStatusOne() throws {
        let (result, path) = try run(#"{"steps": ["#, app: nil, socket: "/nonexistent/slamd.sock")
        #expect(result.status == 1)
        #expect(result.errorLines.first?.hasPrefix("slamctl: \(path) is not JSON: ") == true)
    }

    @Test(arguments: [
        (#"{"steps": [{"press": "increment"}, {"press": "increment", "bogus": 1}]}"#, "$.steps[1].bogus: not a member of a press step (it takes controller, value)"),
        (#"{"steps": []}"#, "$.steps: must be a non-empty array of steps"),
        (#"{"steps": [{"text": "name"}]}"#, "$.steps[0].value: a text step needs the text as a string \"value\""),
        (#"{"steps": [{"press": "a", "wait": "b"}]}"#,
         "$.steps[0]: a step has exactly one of press, text, typeText, focus, key, task, wait, expect, expectAbsent, expectTree, expectAria, reset"),
        (#"{"name": "x", "step": []}"#, "$.step: unknown member; a flow has name, timeoutMs, steps"),
    ])
    func aFlowWithABadStepNamesItsJSONPath(_ flow: String, _ message: String) throws {
        let (result, path) = try run(flow, app: nil, socket: "/nonexistent/slamd.sock")
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == ["slamctl: \(path): \(message)"])
    }
}
