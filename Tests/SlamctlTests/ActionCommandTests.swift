import Glibc
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON

/// The verbs that act as a user would or refresh the UI (`press`, `text`,
/// `update`, `reset`, `task`), checked through the daemon's state afterwards.
@Suite(.timeLimit(.minutes(10))) struct ActionCommandTests {
    @Test func pressingAButtonRunsItsActionAndPrintsItsSnapshot() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let human = try slamctl("press", "increment", app: app)
        #expect(human.status == 0)
        #expect(human.standardOutput == "Button increment \"+1\"\n")
        #expect(try app.connection.find("count").text == "Count: 1")
        let json = try slamctl("press", "increment", "--json", app: app)
        #expect(json.status == 0)
        #expect(try json.json() == [
            "type": "Button", "ref": "increment", "role": "button", "name": "+1", "description": "Adds one to the count",
            "visible": true, "enabled": true, "focused": false, "task": nil, "param": nil, "autoUI": true, "text": "+1", "style": "normal",
        ])
        #expect(try app.connection.find("count").text == "Count: 2")
        // autoUI: the once disabled decrement button is enabled now.
        #expect(try slamctl("find", "decrement", app: app).lines.first == "Button decrement \"-1\"")
    }

    @Test func pressingAStepperIncrementsAndDecrements() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        let up = try slamctl("press", "volume", "increment", app: app)
        #expect(up.status == 0)
        #expect(up.lines == ["Stepper volume 6 (0…10)"])
        #expect(try app.connection.find("volumeLabel").text == "Volume: 6")
        let down = try slamctl("--json", "press", "volume", "decrement", app: app)
        #expect(down.status == 0)
        #expect(try down.json()["value"]?.doubleValue == 5)
        #expect(try app.connection.find("volumeLabel").text == "Volume: 5")
    }

    @Test func pressingASwitchOffAndOn() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        let off = try slamctl("press", "wifi", "off", app: app)
        #expect(off.status == 0)
        #expect(off.lines == ["Switch wifi off"])
        #expect(try app.connection.find("wifiStatus").text == "Wi-Fi is off")
        let on = try slamctl("press", "wifi", "true", "--json", app: app)
        #expect(try on.json()["isOn"] == true)
        #expect(try app.connection.find("wifiStatus").text == "Wi-Fi is on")
    }

    @Test func pressingATableRowSelectsIt() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "List")
        let row = try slamctl("press", "items", "1", app: app)
        #expect(row.status == 0)
        #expect(row.lines == ["SingleItemTableView items 3 rows, row 1 selected"])
        #expect(try app.connection.find("selection").text == "Selected: Eggs")
        let outside = try slamctl("press", "items", "7", app: app)
        #expect(outside.status == 1)
        #expect(outside.errorLines.first == "slamctl: error -32602: Invalid params: value: row 7 is outside 0..<3")
        #expect(try app.connection.find("selection").text == "Selected: Eggs")
    }

    @Test func pressingWithJSONThatIsNoValueIsAUsageError() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("press", "increment", "[1,2,3]", app: app)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == [
            "slamctl: VALUE must be an index, a number, on, off, true, false, increment, decrement, a position such as [0,2] "
                + "or {\"section\":0,\"row\":2}, or a text, not '[1,2,3]'",
            "Usage: slamctl press [REF] [VALUE] [--type TYPE] [--text TEXT] [--matches REGEX] [--role ROLE] [--name NAME] [--within REF] [--nth N] [--timeout TIME] [--controller ID]",
        ])
        #expect(try app.connection.find("count").text == "Count: 0", "nothing was pressed")
        #expect(try slamctl("press", "increment", "{\"x\":1}", app: app).status == 2)
        #expect(try slamctl("press", "increment", "[1,", app: app).status == 2, "JSON that does not parse")
    }

    @Test func aWordIsATextValueTheDaemonJudges() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let bogus = try slamctl("press", "increment", "bogus", app: app)
        #expect(bogus.status == 1, "the daemon refuses a text for a button")
        #expect(bogus.standardError.hasPrefix("slamctl: error -32602: "))
        #expect(try app.connection.find("count").text == "Count: 0", "nothing was pressed")
    }

    @Test func pressingWhatCannotBePressedFailsWithTheDaemonsCode() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let label = try slamctl("press", "count", app: app)
        #expect(label.status == 1)
        #expect(label.errorLines.first
                == "slamctl: error -32002: Element not interactive: element 'count' is a Label, which cannot be pressed")
        let disabled = try slamctl("press", "decrement", app: app)
        #expect(disabled.status == 1)
        #expect(disabled.standardError.hasPrefix("slamctl: error -32003: "))
    }

    @Test func textTypesIntoATextFieldAndFiresItsEditingEvents() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        let human = try slamctl("text", "name", "Ada Lovelace", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["TextField name \"Ada Lovelace\""])
        #expect(try app.connection.find("greeting").text == "Hello, Ada Lovelace", "editing did end updated the UI")
        let json = try slamctl("text", "name", "--json", "--", "-x", app: app)
        #expect(json.status == 0)
        #expect(try json.json()["text"] == "-x")
        let label = try slamctl("text", "greeting", "hi", app: app)
        #expect(label.status == 1)
        #expect(label.standardError.hasPrefix("slamctl: error -32002: "))
        #expect(try slamctl("text", "name", app: app).status == 2, "TEXT is required")
    }

    @Test func updatePullsDataSourcesAndListsWhatChanged() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.connection.press("increment")
        try app.connection.press("increment")
        try app.runTask("resetCounter")  // the model is 0 again; the screen still shows 2
        #expect(try app.connection.find("count").text == "Count: 2")
        let subtree = try slamctl("update", "count", app: app)
        #expect(subtree.status == 0)
        #expect(subtree.lines == ["Home: changed count"])
        let rest = try slamctl("update", app: app)
        #expect(rest.lines == ["Home: changed progress decrement reset"])
        #expect(try app.connection.find("count").text == "Count: 0")
        #expect(try slamctl("update", app: app).lines == ["Home: nothing changed"])
        #expect(try slamctl("update", "--json", app: app).json() == ["controller": "Home", "changed": []])
        let unknown = try slamctl("update", "zzz", app: app)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("slamctl: error -32001: "))
    }

    @Test func resetAppPutsTheApplicationBackToItsLaunchState() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        _ = try slamctl("press", "increment", app: app)
        try app.runTask("push", param: "Settings")
        let human = try slamctl("reset-app", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["reset; top: Home"])
        #expect(try app.connection.find("count").text == "Count: 0")
        #expect(try slamctl("reset-app", "--json", app: app).json() == ["top": "Home", "stateKeys": 2])
    }

    @Test func resetReloadsAndListsWhatChanged() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.connection.press("increment")
        try app.runTask("resetCounter")
        let buttons = try slamctl("reset", "counterButtons", app: app)
        #expect(buttons.status == 0)
        #expect(buttons.lines == ["Home: changed decrement reset"])
        let json = try slamctl("--json", "reset", app: app)
        #expect(json.status == 0)
        #expect(try json.json() == ["controller": "Home", "changed": ["count", "progress"]])
        #expect(try slamctl("reset", app: app).lines == ["Home: nothing changed"])
        try app.runTask("push", param: "Settings")
        #expect(try slamctl("reset", "--controller", "Home", app: app).lines == ["Home: nothing changed"])
        #expect(try slamctl("reset", app: app).lines == ["Settings: nothing changed"])
    }

    @Test func taskPushesAndPops() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let push = try slamctl("task", "push", "Settings", app: app)
        #expect(push.status == 0)
        #expect(push.lines == ["ran push Settings; top: Settings"])
        #expect(try app.controllerStack() == ["Home", "Settings"])
        let pop = try slamctl("task", "pop", app: app)
        #expect(pop.lines == ["ran pop; top: Home"])
        #expect(try app.controllerStack() == ["Home"])
        let json = try slamctl("task", "push", "About", "--json", app: app)
        #expect(try json.json() == ["task": "push", "param": "About", "top": "About"])
        #expect(try app.topController() == "About")
    }

    @Test func anUnknownTaskExitsOneWithTheCodeOnStandardError() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("task", "nope", app: app)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == [
            "slamctl: error -32005: Task not found: no task named 'nope'",
            "  data: {\"task\":\"nope\"}",
        ])
        let rootPop = try slamctl("task", "pop", app: app)
        #expect(rootPop.status == 1)
        #expect(rootPop.standardError.hasPrefix("slamctl: error -32007: Navigation refused"))
        let unknownController = try slamctl("task", "push", "Nowhere", app: app)
        #expect(unknownController.status == 1)
        #expect(unknownController.standardError.hasPrefix("slamctl: error -32006: "))
        #expect(try app.controllerStack() == ["Home"])
    }
}

/// Elements named on the command line by what a person sees.
@Suite struct LocatorCommandTests {
    @Test func pressByTextAndByAJSONLocator() throws {
        let app = try SlamApp.launch()
        let byText = try slamctl("press", "--text", "Settings", app: app)
        #expect(byText.status == 0, "\(byText.standardError)")
        #expect(try app.topController() == "Settings")
        try app.runTask("pop")
        let byJSON = try slamctl("press", #"{"type":"Button","within":"counterButtons","nth":0}"#, app: app)
        #expect(byJSON.status == 0)
        #expect(try app.label("count").text() == "Count: 1")
        let withValue = try slamctl("press", "--type", "Stepper", "increment", app: app)
        #expect(withValue.status == 1, "Home has no stepper: \(withValue.standardError)")
        #expect(withValue.errorLines.first?.hasPrefix("slamctl: error -32001: Element not found: no Stepper in controller 'Home'") == true)
    }

    @Test func pressAndFindByRoleAndName() throws {
        let app = try SlamApp.launch()
        let byRole = try slamctl("press", "--role", "button", "--name", "+1", app: app)
        #expect(byRole.status == 0, "\(byRole.standardError)")
        #expect(try app.label("count").text() == "Count: 1")
        let byPattern = try slamctl("find", "--role", "button", "--name", "/^shop/i", "--json", app: app)
        #expect(byPattern.status == 0, "\(byPattern.standardError)")
        #expect(try byPattern.json()["ref"] == "openList")
        let inMenu = try slamctl("find", "--role", "button", "--within", #"{"role":"region","name":"Menu"}"#, "--nth", "-1", "--json",
                                 app: app)
        #expect(try inMenu.json()["ref"] == "website", "\(inMenu.standardError)")
        // The value written after the locator options is the press's value, as with --text.
        let pushed = try slamctl("press", "--role", "button", "--name", "Settings", app: app)
        #expect(pushed.status == 0)
        #expect(try app.topController() == "Settings")
        let switched = try slamctl("press", "--role", "switch", "--name", "Wi-Fi", "off", app: app)
        #expect(switched.status == 0, "\(switched.standardError)")
        #expect(try app.label("wifiStatus").text() == "Wi-Fi is off")
        let typo = try slamctl("find", "--role", "swich", app: app)
        #expect(typo.status == 1)
        #expect(typo.errorLines.first?.hasPrefix("slamctl: error -32602: Invalid params: ref.role: unknown role 'swich'; did you mean 'switch'?")
                == true, "\(typo.standardError)")
        let onlyNarrowing = try slamctl("find", "--nth", "0", app: app)
        #expect(onlyNarrowing.status == 2)
        #expect(onlyNarrowing.errorLines.first == "slamctl: --within and --nth narrow a locator: add --type, --text, --matches, --role or --name")
    }

    @Test func anAmbiguousLocatorListsTheCandidates() throws {
        let app = try SlamApp.launch()
        let result = try slamctl("find", "--type", "Button", "--within", "counterButtons", app: app)
        #expect(result.status == 1)
        #expect(result.errorLines.first?.contains("matches 3 elements") == true)
    }

    @Test func pressWaitsForTheElementByDefault() throws {
        let app = try SlamApp.launch()
        let waiting = try SlamctlProcess(["press", "decrement"], app: app)
        usleep(500_000)  // let slamctl send its press, which the daemon holds while -1 is disabled
        try app.button("increment").press()
        let result = waiting.finish()
        #expect(result.status == 0, "\(result.standardError)")
        let atOnce = try slamctl("press", "decrement", "--timeout", "0", app: app)
        #expect(atOnce.status == 1 && atOnce.errorLines.first?.contains("-32003") == true)
    }

    @Test func aReferenceNoScreenHasFailsAtOnceWhateverTheTimeout() throws {
        let app = try SlamApp.launch()
        let started = ContinuousClock.now
        let result = try slamctl("press", "nope", "--timeout", "30s", app: app)
        let took = ContinuousClock.now - started
        #expect(result.status == 1)
        #expect(result.errorLines == ["slamctl: error -32001: Element not found: no element with reference 'nope' in controller 'Home'",
                                      #"  data: {"ref":"nope","controller":"Home"}"#], "as the tour (docs/tour.md) shows it")
        #expect(took < .seconds(5), "answered at once, not after the 30 s it could wait: \(took)")
    }

    @Test func slamTimeoutSetsTheDefaultWait() throws {
        let app = try SlamApp.launch()
        let short = try slamctl("press", "decrement", app: app, environment: environment(with: ["SLAM_TIMEOUT": "0.2"]))
        #expect(short.status == 1)
        #expect(short.errorLines.first?.hasSuffix("(waited 200 ms for 'decrement' to be enabled)") == true, "\(short)")
        let explicit = try slamctl("press", "decrement", "--timeout", "300ms", app: app,
                                   environment: environment(with: ["SLAM_TIMEOUT": "0.2"]))
        #expect(explicit.errorLines.first?.hasSuffix("(waited 300 ms for 'decrement' to be enabled)") == true, "--timeout wins")
        let bad = try slamctl("press", "decrement", app: app, environment: environment(with: ["SLAM_TIMEOUT": "soon"]))
        #expect(bad.status == 2)
        #expect(bad.errorLines.first == "slamctl: SLAM_TIMEOUT must be seconds (1.5) or look like 500ms or 2s, and be at most 600s, not 'soon'")
    }
}
