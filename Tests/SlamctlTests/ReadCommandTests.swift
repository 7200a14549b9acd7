import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON

/// The verbs that read the UI (`ping`, `version`, `tree`, `find`, `query`, `tasks`,
/// `controllers`), run as the real `slamctl` against a real `slamd` hosting the demo.
@Suite(.timeLimit(.minutes(10))) struct ReadCommandTests {
    @Test func pingPrintsPongOrItsJSON() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let human = try slamctl("ping", app: app)
        #expect(human.status == 0)
        #expect(human.standardOutput == "pong\n")
        #expect(human.standardError == "")
        let json = try slamctl("ping", "--json", app: app)
        #expect(json.status == 0)
        #expect(try json.json() == "pong")
    }

    @Test func versionShowsTheDaemonsVersionsMethodsAndEvents() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let version = try app.connection.version()
        let methods = version.methods
        #expect(methods.contains("waitFor"))
        let human = try slamctl("version", app: app)
        #expect(human.status == 0)
        #expect(human.lines == [
            "slamd \(version.serverVersion), protocol 1.0",
            "methods: " + methods.joined(separator: " "),
            "events: changed navigated taskRan openURL stateChanged log focusChanged action",
        ])
        let json = try slamctl("--json", "version", app: app)
        #expect(json.status == 0)
        let parsed = try json.json()
        #expect(parsed["protocolVersion"] == "1.0")
        #expect(parsed["capabilities"]?["events"] == ["changed", "navigated", "taskRan", "openURL", "stateChanged", "log", "focusChanged", "action"])
        #expect(parsed == version.json)
    }

    @Test func treeIsAnIndentedOutlineMarkingHiddenAndDisabledElements() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("tree", app: app)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            View root
              Label heading "Counter"
              Label count "Count: 0"
              ProgressView progress 0%
              Label goal "Goal reached!" (hidden)
              View counterButtons
                Button increment "+1"
                Button decrement "-1" (disabled)
                Button reset "Reset" (disabled)
              View menu
                Button openSettings "Settings"
                Button openList "Shopping list"
                Button openTodos "To-do"
                Button openPickers "Order"
                Button openAbout "About"
                Button website "Website"

            """)
    }

    @Test func treeStartsAtARefAndStopsAtADepth() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let subtree = try slamctl("tree", "counterButtons", app: app)
        #expect(subtree.status == 0)
        #expect(subtree.lines == [
            "View counterButtons",
            "  Button increment \"+1\"",
            "  Button decrement \"-1\" (disabled)",
            "  Button reset \"Reset\" (disabled)",
        ])
        let shallow = try slamctl("tree", "--depth", "1", app: app)
        #expect(shallow.status == 0)
        #expect(shallow.lines == [
            "View root",
            "  Label heading \"Counter\"",
            "  Label count \"Count: 0\"",
            "  ProgressView progress 0%",
            "  Label goal \"Goal reached!\" (hidden)",
            "  View counterButtons",
            "  View menu",
        ])
        #expect(try slamctl("tree", "--depth=0", app: app).lines == ["View root"])
        let json = try slamctl("tree", "counterButtons", "--depth", "0", "--json", app: app)
        #expect(try json.json() == ["type": "View", "ref": "counterButtons", "role": "group", "name": "Counter", "visible": true,
                                    "axis": "horizontal", "spacing": 8.0])
        let nested = try slamctl("tree", "--json", app: app).json()
        #expect(nested["children"]?[4]?["children"]?.arrayValue?.compactMap { $0["ref"]?.stringValue }
                == ["increment", "decrement", "reset"])
    }

    @Test func treeRefusesABadDepthAndAnUnknownRef() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let notANumber = try slamctl("tree", "--depth", "x", app: app)
        #expect(notANumber.status == 2)
        #expect(notANumber.errorLines == ["slamctl: --depth takes a whole number, not 'x'",
                                          "Usage: slamctl tree [REF] [--depth N] [--controller ID]"])
        let negative = try slamctl("tree", "--depth", "-1", app: app)
        #expect(negative.status == 1)
        #expect(negative.standardError.contains("error -32602"))
        let unknown = try slamctl("tree", "nowhere", app: app)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("slamctl: error -32001: Element not found"))
        #expect(unknown.standardOutput == "")
    }

    @Test func findPrintsOnePropertyPerLineAndTheSnapshotAsJSON() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let label = try slamctl("find", "count", app: app)
        #expect(label.status == 0)
        #expect(label.lines == ["Label count \"Count: 0\"", "  role: \"paragraph\"", "  name: \"Count: 0\"", "  visible: true",
                                "  text: \"Count: 0\""])
        let button = try slamctl("find", "decrement", app: app)
        #expect(button.lines == [
            "Button decrement \"-1\" (disabled)",
            "  role: \"button\"", "  name: \"-1\"", "  visible: true", "  enabled: false", "  focused: false", "  task: null", "  param: null", "  autoUI: true",
            "  text: \"-1\"", "  style: \"normal\"", "  disabled: true",
        ])
        let json = try slamctl("find", "reset", "--json", app: app)
        #expect(json.status == 0)
        #expect(try json.json() == [
            "type": "Button", "ref": "reset", "role": "button", "name": "Reset", "visible": true, "enabled": false, "focused": false,
            "task": "resetCounter", "param": nil, "autoUI": true, "text": "Reset", "style": "normal", "disabled": true,
        ])
    }

    @Test func findReportsAnUnknownRefWithTheDaemonsCodeAndData() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("find", "zzz", app: app)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines == [
            "slamctl: error -32001: Element not found: no element with reference 'zzz' in controller 'Home'",
            "  data: {\"ref\":\"zzz\",\"controller\":\"Home\"}",
        ])
    }

    @Test func findLooksInTheControllerGivenWithController() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        #expect(try slamctl("find", "count", app: app).status == 1, "count is not on Settings, now on top")
        let below = try slamctl("find", "count", "--controller", "Home", app: app)
        #expect(below.status == 0)
        #expect(below.lines.first == "Label count \"Count: 0\"")
    }

    @Test func queryFiltersByTypeTextVisibilityAndEnabledState() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let buttons = try slamctl("query", "--type", "Button", app: app)
        #expect(buttons.status == 0)
        #expect(buttons.lines == [
            "Button increment \"+1\"", "Button decrement \"-1\" (disabled)", "Button reset \"Reset\" (disabled)",
            "Button openSettings \"Settings\"", "Button openList \"Shopping list\"", "Button openTodos \"To-do\"",
            "Button openPickers \"Order\"", "Button openAbout \"About\"",
            "Button website \"Website\"",
        ])
        #expect(try slamctl("query", "--text", "Count: 0", app: app).lines == ["Label count \"Count: 0\""])
        #expect(try slamctl("query", "--hidden", app: app).lines == ["Label goal \"Goal reached!\" (hidden)"])
        #expect(try slamctl("query", "--disabled", app: app).lines
                == ["Button decrement \"-1\" (disabled)", "Button reset \"Reset\" (disabled)"])
        let visibleLabels = try slamctl("query", "--type", "Label", "--visible", app: app)
        #expect(visibleLabels.lines == ["Label heading \"Counter\"", "Label count \"Count: 0\""])
        let enabledButtons = try slamctl("query", "--enabled", "--type=Button", "--json", app: app)
        #expect(try enabledButtons.json().arrayValue?.compactMap { $0["ref"]?.stringValue }
                == ["increment", "openSettings", "openList", "openTodos", "openPickers", "openAbout", "website"])
    }

    @Test func queryWithNoMatchPrintsNothingAndSucceeds() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let none = try slamctl("query", "--text", "no such text", app: app)
        #expect(none.status == 0)
        #expect(none.standardOutput == "")
        #expect(try slamctl("query", "--text", "no such text", "--json", app: app).json() == [])
    }

    @Test func queryRefusesContradictoryFlagsBeforeConnecting() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let both = try slamctl("query", "--visible", "--hidden", app: app)
        #expect(both.status == 2)
        #expect(both.standardOutput == "")
        #expect(both.errorLines.first == "slamctl: give --visible or --hidden, not both")
        #expect(both.errorLines.last?.hasPrefix("Usage: slamctl query [--type TYPE]") == true)
        let enabledAndDisabled = try slamctl("query", "--enabled", "--disabled", app: app)
        #expect(enabledAndDisabled.status == 2)
        #expect(enabledAndDisabled.errorLines.first == "slamctl: give --enabled or --disabled, not both")
        // A usage error is found without a daemon: status 2, not 3.
        #expect(try slamctl("query", "--visible", "--hidden", "--socket", app.socketPath + ".absent").status == 2)
        let unknownType = try slamctl("query", "--type", "Buton", app: app)
        #expect(unknownType.status == 1)
        #expect(unknownType.standardError.contains("-32602"))
    }

    @Test func tasksListsTheRegisteredTasksSorted() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let human = try slamctl("tasks", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"])
        #expect(try slamctl("tasks", "--json", app: app).json() == ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"])
    }

    @Test func controllersShowsTheStackRootFirst() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        #expect(try slamctl("controllers", app: app).lines == ["0 Home \"Slam Demo\""])
        try app.runTask("push", param: "List")
        let human = try slamctl("controllers", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["0 Home \"Slam Demo\"", "1 List \"Shopping list\""])
        #expect(try slamctl("controllers", "--json", app: app).json() == [
            ["id": "Home", "title": "Slam Demo", "modal": false],
            ["id": "List", "title": "Shopping list", "modal": false],
        ])
    }
}

/// `slamctl screen --refs`: the wireframe with what to name in `press`.
@Suite struct ScreenReferencesTests {
    @Test func eachDrawnElementIsFollowedByItsReference() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let plain = try slamctl("screen", app: app)
        let result = try slamctl("screen", "--refs", app: app)
        #expect(result.status == 0)
        #expect(result.lines.first == "== Slam Demo (Home) ==")
        #expect(result.lines.contains("Count: 0 <count>"))
        #expect(result.lines.contains("[ +1 ] <increment>  [ -1 (disabled) ] <decrement>  [ Reset (disabled) ] <reset>"))
        #expect(!plain.standardOutput.contains("<increment>"), "only when asked")
        // Every reference it shows can be pressed or found.
        for line in result.lines.dropFirst() {
            for reference in line.split(separator: "<").dropFirst().compactMap({ $0.split(separator: ">").first.map(String.init) }) {
                #expect(try app.connection.find(ElementLocator(reference)).reference == reference)
            }
        }
    }
}

@Suite struct ScreensCommandTests {
    @Test func screensListsWhatPushCanOpenAndMarksTheStack() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Pickers")
        let result = try slamctl("screens", app: app)
        #expect(result.status == 0)
        #expect(result.lines == ["* Home \"Slam Demo\"", "  Settings \"Settings\"", "  List \"Shopping list\"", "  About \"About\"",
                                 "  Display \"Display\"", "* Pickers \"Order\"", "  Todos \"To-do\""])
    }
}

/// `slamctl refs`: the names a script (or shell completion) can press.
@Suite struct ReferencesCommandTests {
    @Test func refsListsTheTopScreensReferencesInTreeOrder() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("refs", app: app)
        #expect(result.status == 0)
        #expect(Array(result.lines.prefix(4)) == ["root", "heading", "count", "progress"])
        #expect(result.lines.contains("increment") && result.lines.contains("website"))
        for reference in result.lines {
            #expect(try app.connection.find(ElementLocator(reference)).reference == reference)
        }
        #expect(try slamctl("refs", "--json", app: app).json() == .array(result.lines.map(JSONValue.string)))
        try app.runTask("push", param: "List")
        #expect(try slamctl("refs", "--controller", "Home", app: app).lines == result.lines, "another controller on the stack")
    }
}
