import SlamClient
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamMCP
import SlamProtocol
import SlamRPC
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The screen tools against the demo served by a daemon in this process, called as the MCP
/// server calls them (`tool.run(arguments, session)`), over a real socket.
@Suite struct ScreenToolsTests {
    /// The demo and a started session on it; errors of actions come after a short actionability wait.
    static func demo() async throws -> (SlamApp, MCPSession) {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        return (app, try await session(on: app))
    }

    static func session(on app: SlamApp) async throws -> MCPSession {
        let session = MCPSession(connection: try AsyncSlamConnection(socketPath: app.socketPath))
        try await session.start()
        session.toolState.withLock { $0.actionTimeoutMilliseconds = 200 }
        return session
    }

    static func tool(_ name: String) -> MCPTool {
        SlamTools.all.first { $0.name == name }!
    }

    @discardableResult
    static func call(_ name: String, _ arguments: JSONValue.Object = [:], _ session: MCPSession) async throws -> MCPToolResult {
        try await tool(name).run(arguments, session)
    }

    // MARK: - The list and the schemas

    @Test func screenToolsComeInTheirFixedOrder() {
        #expect(SlamTools.all.prefix(12).map(\.name) == [
            "slam_snapshot", "slam_press", "slam_type", "slam_key", "slam_select", "slam_set_value", "slam_wait_for",
            "slam_screens", "slam_navigate", "slam_run_task", "slam_state", "slam_reset",
        ])
    }

    @Test func inputSchemasTakeTheProtocolsDeclarationsAndStandAlone() throws {
        for tool in SlamTools.all.prefix(12) {
            #expect(tool.inputSchema["type"] == "object", "\(tool.name)")
            #expect(tool.inputSchema["additionalProperties"] == false, "\(tool.name)")
            // Every reference points into the schema's own definitions.
            #expect(!tool.inputSchema.description.contains("#/components/"), "\(tool.name)")
        }
        let press = Self.tool("slam_press").inputSchema
        let declaredReference = try #require(PressRequest.parameters.documentation.first { $0.name == "ref" })
        #expect(press["properties"]?["target"]?["oneOf"]?.arrayValue?.first == declaredReference.schema["oneOf"]?.arrayValue?.first)
        #expect(press["properties"]?["target"]?["oneOf"]?.arrayValue?.last == ["$ref": "#/$defs/Locator"])
        #expect(press["$defs"]?["Locator"]?["properties"]?["role"] != nil)
        #expect(press["required"] == ["target"])
        let declaredValue = try #require(PressRequest.parameters.documentation.first { $0.name == "value" })
        #expect(press["properties"]?["value"]?["description"] == .string(declaredValue.summary))
        let wait = Self.tool("slam_wait_for").inputSchema
        let timeout = try #require(WaitForRequest.parameters.documentation.first { $0.name == "timeoutMs" })
        #expect(wait["properties"]?["timeoutMs"]?["minimum"] == timeout.schema["minimum"])
        #expect(wait["properties"]?["state"]?["enum"] == WaitState.schema["enum"])
        #expect(Self.tool("slam_press").outputSchema?["properties"]?["changed"] != nil)
    }

    // MARK: - Reading

    @Test func snapshotAnswersTheScreenWithItsHeader() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_snapshot", [:], session)
        #expect(!result.isError)
        #expect(result.text.hasPrefix("Screen: Slam Demo [screen=Home]\n"))
        #expect(result.text.contains("- button \"+1\""))
        #expect(result.text.contains("[ref=increment]"))
        let subtree = try await Self.call("slam_snapshot", ["target": "menu", "depth": 0], session)
        #expect(subtree.text.split(separator: "\n").count == 2, "the header and the menu's own line: \(subtree.text)")
        withExtendedLifetime(app) {}
    }

    @Test func snapshotToAFileAnswersItsPathAndASummary() async throws {
        let (app, session) = try await Self.demo()
        let path = "/tmp/slam-mcp-snapshot-\(getpid()).txt"
        defer { unlink(path) }
        let result = try await Self.call("slam_snapshot", ["filename": .string(path)], session)
        #expect(result.text.hasPrefix("Wrote \(path): "))
        #expect(result.text.hasSuffix("of screen \"Slam Demo\" [screen=Home]."))
        #expect(!result.text.contains("[ref=increment]"))
        let written = try #require(Self.read(path))
        #expect(written.hasPrefix("Screen: Slam Demo [screen=Home]\n"))
        #expect(written.contains("[ref=increment]"))
        let unwritable = try await Self.call("slam_snapshot", ["filename": "/nonexistent-directory/screen.txt"], session)
        #expect(unwritable.isError)
        #expect(unwritable.text.contains("\nNext: "))
        withExtendedLifetime(app) {}
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - What changed

    @Test func aPressAnswersTheChangedElementsInScreenOrder() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_snapshot", [:], session)
        let result = try await Self.call("slam_press", ["target": "increment"], session)
        #expect(!result.isError)
        #expect(result.text == """
            Pressed button "+1".
            - paragraph "Count: 1" [ref=count]
            - progressbar "Progress to the goal" [value="10%"] [ref=progress]
            - button "-1" [ref=decrement]
            - button "Reset" [ref=reset]
            """)
        #expect(result.structured?["changed"]?.arrayValue?.count == 4)
        #expect(result.structured?["screen"] == nil)
        withExtendedLifetime(app) {}
    }

    @Test func linesAsTheAgentSawThemLastAreNoNews() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Settings"], session)
        // Another client turns Wi-Fi off behind the agent's back; the agent turns it on, as it saw it.
        let other = try await Self.session(on: app)
        try await Self.call("slam_set_value", ["target": "wifi", "value": false], other)
        let result = try await Self.call("slam_set_value", ["target": "wifi", "value": true], session)
        #expect(result.text == "Set switch \"Wi-Fi\" to true.\nNo visible change.")
        let off = try await Self.call("slam_set_value", ["target": "wifi", "value": false], session)
        #expect(off.text == "Set switch \"Wi-Fi\" to false.\n- switch \"Wi-Fi\" [ref=wifi]\n- paragraph \"Wi-Fi is off\" [ref=wifiStatus]")
        withExtendedLifetime(app) {}
    }

    @Test func aNavigationAnswersTheNewScreenWhole() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_press", ["target": "openSettings"], session)
        let lines = result.text.split(separator: "\n")
        #expect(lines.first == "Pressed button \"Settings\".")
        #expect(lines.dropFirst().first == "Screen: Settings [screen=Settings]")
        #expect(result.text.contains("[ref=wifi]"))
        #expect(result.structured?["screen"] == ["id": "Settings", "title": "Settings"])
        let back = try await Self.call("slam_navigate", ["back": true], session)
        #expect(back.text.hasPrefix("Went back.\nScreen: Slam Demo [screen=Home]\n"))
        withExtendedLifetime(app) {}
    }

    @Test func anAlertIsANewScreenAndCoversTheOneBelow() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Pickers"], session)
        let snapshot = try await Self.call("slam_snapshot", [:], session).text
        let orderButton = try #require(snapshot.split(separator: "\n").first { $0.contains("button \"Place order\"") || $0.contains("button \"Order") })
        let reference = try #require(orderButton.split(separator: "[ref=").last?.dropLast())
        let alert = try await Self.call("slam_press", ["target": .string(String(reference))], session)
        #expect(alert.text.contains("\nScreen: Place the order? [screen="), "\(alert.text)")
        let covered = try await Self.call("slam_press", ["target": .string(String(reference))], session)
        #expect(covered.isError)
        #expect(covered.text.hasPrefix("Error: '\(reference)' is on the screen under \"Place the order?\" [screen=confirmOrder], which covers it.\n"), "\(covered.text)")
        #expect(covered.text.contains("\nNext: answer the alert first with slam_press on one of its buttons"))
        let answered = try await Self.call("slam_press", ["target": ["role": "button", "name": "Order"]], session)
        // Back on a screen it read: only what differs from then.
        #expect(answered.text.contains("\nScreen: Order [screen=Pickers], as you last read it except:\n- paragraph \"Ordered\""), "\(answered.text)")
        #expect(!answered.text.contains("button \"Place order\""), "\(answered.text)")
        withExtendedLifetime(app) {}
    }

    @Test func aFocusMoveIsAFocusLine() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_key", ["key": "Tab"], session)
        #expect(result.text == "Pressed key Tab.\nFocus: button \"+1\" [focused] [description=\"Adds one to the count\"] [ref=increment]")
        #expect(result.structured?["focus"] == "increment")
        withExtendedLifetime(app) {}
    }

    @Test func anActionThatChangesNothingSaysSo() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_press", ["target": "website"], session)
        #expect(result.text == "Pressed button \"Website\".\nNo visible change.")
        #expect(result.structured == ["changed": []])
        withExtendedLifetime(app) {}
    }

    // MARK: - Mistakes an agent corrects

    @Test func anUnknownTargetSuggestsTheNearestAndTheNextStep() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_press", ["target": "incremnt"], session)
        #expect(result.isError)
        #expect(result.text.hasPrefix("Error: "))
        #expect(result.text.contains("increment"), "did-you-mean: \(result.text)")
        #expect(result.text.hasSuffix("\nNext: take a snapshot with slam_snapshot and use a ref from it."))
        withExtendedLifetime(app) {}
    }

    @Test func anAmbiguousTargetListsTheCandidates() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_press", ["target": ["role": "button"]], session)
        #expect(result.isError)
        #expect(result.text.contains("increment") && result.text.contains("decrement"), "candidates: \(result.text)")
        #expect(result.text.contains("\nNext: use one of the candidates' refs"))
        withExtendedLifetime(app) {}
    }

    @Test func aDisabledTargetSaysHowToWaitForIt() async throws {
        let (app, session) = try await Self.demo()
        let result = try await Self.call("slam_press", ["target": "decrement"], session)
        #expect(result.isError)
        #expect(result.text.hasPrefix("Error: "))
        #expect(result.text.contains("\nNext: do what enables it first"))
        withExtendedLifetime(app) {}
    }

    @Test func aWaitThatTimesOutSaysWhatDidNotHold() async throws {
        let (app, session) = try await Self.demo()
        let text = try await Self.call("slam_wait_for", ["text": "Never shown", "timeoutMs": 50], session)
        #expect(text.isError)
        #expect(text.text.hasPrefix("Error: "))
        #expect(text.text.hasSuffix("\nNext: take a snapshot with slam_snapshot to see the screen, or wait longer with a larger timeoutMs."))
        let aria = try await Self.call("slam_wait_for", ["aria": "- button \"+2\"", "timeoutMs": 50], session)
        #expect(aria.isError)
        #expect(aria.text.contains("+2"), "the diff: \(aria.text)")
        withExtendedLifetime(app) {}
    }

    /// A reference or a state is not text a person sees: waiting for it to show (or go) reads names and values only.
    @Test func aTextWaitReadsWhatAPersonSees() async throws {
        let (app, session) = try await Self.demo()
        #expect(try await Self.call("slam_wait_for", ["text": "openSettings", "timeoutMs": 50], session).isError)
        #expect(try await Self.call("slam_wait_for", ["textGone": "disabled", "timeoutMs": 50], session).isError == false)
        #expect(try await Self.call("slam_wait_for", ["text": "Count: 0", "timeoutMs": 50], session).isError == false)
        #expect(try await Self.call("slam_wait_for", ["text": "Adds one", "timeoutMs": 50], session).isError == false)
        withExtendedLifetime(app) {}
    }

    @Test func invalidArgumentsThrowNamingTheArgument() async throws {
        let (app, session) = try await Self.demo()
        let cases: [(String, JSONValue.Object, String)] = [
            ("slam_press", [:], "'target'"),
            ("slam_press", ["target": "increment", "button": "left"], "'button'"),
            ("slam_press", ["target": 3], "'target'"),
            ("slam_snapshot", ["depth": "all"], "'depth'"),
            ("slam_type", ["target": "name"], "'text'"),
            ("slam_wait_for", [:], "'text'"),
            ("slam_wait_for", ["text": "a", "aria": "- button"], "only one"),
            ("slam_wait_for", ["state": "visible"], "'target'"),
            ("slam_navigate", [:], "'screen'"),
            ("slam_state", ["value": 1], "'key'"),
            ("slam_press", ["target": ["rol": "button"]], "target"),
        ]
        for (name, arguments, named) in cases {
            do {
                _ = try await Self.call(name, arguments, session)
                Issue.record("\(name) \(arguments) was accepted")
            } catch let MCPToolError.invalidArguments(message) {
                #expect(message.contains(named), "\(name): \(message)")
            }
        }
        withExtendedLifetime(app) {}
    }

    // MARK: - Each tool

    @Test func typeTypesAndSubmits() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Settings"], session)
        let result = try await Self.call("slam_type", ["target": "name", "text": "Ada"], session)
        #expect(result.text.hasPrefix("Typed \"Ada\" into textbox \"Name\".\n"))
        #expect(result.text.contains("[ref=name]: Ada"))
        #expect(result.text.contains("Hello, Ada"))
        // Enter runs the PIN field's return action: the order's alert.
        try await Self.call("slam_navigate", ["screen": "Pickers"], session)
        let submitted = try await Self.call("slam_type", ["target": "pin", "text": "1234", "submit": true], session)
        #expect(submitted.text.hasPrefix("Typed \"1234\" into textbox \"PIN\" and pressed Enter.\nScreen: Place the order? [screen=confirmOrder]\n"),
                "\(submitted.text)")
        let unused = try await Self.call("slam_key", ["key": "ArrowUp", "target": ["role": "button", "name": "Cancel"]], session)
        #expect(unused.text.hasPrefix("Pressed key ArrowUp; nothing used it."), "\(unused.text)")
        withExtendedLifetime(app) {}
    }

    @Test func selectTakesAPartsNameOrAnIndex() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Settings"], session)
        let byName = try await Self.call("slam_select", ["target": "theme", "value": "Dark"], session)
        #expect(byName.text.hasPrefix("Selected \"Dark\" in radiogroup \"Theme\".\n"), "\(byName.text)")
        #expect(byName.text.contains("- radio \"Dark\" [checked]"))
        #expect(byName.text.contains("Theme: Dark"))
        let byIndex = try await Self.call("slam_select", ["target": "theme", "value": 0], session)
        #expect(byIndex.text.contains("Theme: Light"))
        let unknown = try await Self.call("slam_select", ["target": "theme", "value": "Darkk"], session)
        #expect(unknown.isError)
        #expect(unknown.text.contains("did you mean \"Dark\""), "\(unknown.text)")
        #expect(unknown.text.contains("\nNext: "))
        withExtendedLifetime(app) {}
    }

    @Test func aSelectedPartShowsUnderTheLinesItSitsIn() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Pickers"], session)
        let picker = try await Self.call("slam_select", ["target": "size", "value": "Large"], session)
        #expect(picker.text.contains("""
            - group "Size and colour" [ref=size]:
              - listbox "Component 1":
                - option "Small"
                - option "Medium"
                - option "Large" [selected]
            """), "\(picker.text)")
        let grid = try await Self.call("slam_select", ["target": "colours", "value": "Blue"], session)
        #expect(grid.text.contains("  - rowgroup \"Cool\":\n    - row:\n      - gridcell \"Green\"\n      - gridcell \"Blue\" [selected]\n"), "\(grid.text)")
        withExtendedLifetime(app) {}
    }

    @Test func setValueSetsNumbersSwitchesAndText() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Settings"], session)
        #expect(try await Self.call("slam_set_value", ["target": "volume", "value": 8], session).text.contains("Volume: 8"))
        #expect(try await Self.call("slam_set_value", ["target": "wifi", "value": false], session).text.contains("Wi-Fi is off"))
        try await Self.call("slam_type", ["target": "name", "text": "Ada"], session)
        let text = try await Self.call("slam_set_value", ["target": "name", "value": "Bob"], session)
        #expect(text.text.contains("[ref=name]: Bob"), "replaced, not appended: \(text.text)")
        withExtendedLifetime(app) {}
    }

    @Test func waitForAnswersWhenTheConditionHolds() async throws {
        let (app, session) = try await Self.demo()
        let shown = try await Self.call("slam_wait_for", ["text": "Count: 0"], session)
        #expect(shown.text == "Waited for text \"Count: 0\".\nNo visible change.")
        // A hidden label's text does not show.
        let gone = try await Self.call("slam_wait_for", ["textGone": "Goal reached!"], session)
        #expect(!gone.isError)
        async let later = Self.call("slam_wait_for", ["text": "Count: 1"], session)
        let other = try await Self.session(on: app)
        try await Self.call("slam_press", ["target": "increment"], other)
        #expect(try await later.text.hasPrefix("Waited for text \"Count: 1\".\n- paragraph \"Count: 1\" [ref=count]"))
        let state = try await Self.call("slam_wait_for", ["target": "decrement", "state": "visible"], session)
        #expect(state.text.hasPrefix("Waited for [ref=decrement] to be visible."))
        let aria = try await Self.call("slam_wait_for", ["aria": "- button \"+1\""], session)
        #expect(!aria.isError)
        withExtendedLifetime(app) {}
    }

    @Test func screensNavigateAndTasks() async throws {
        let (app, session) = try await Self.demo()
        let screens = try await Self.call("slam_screens", [:], session)
        #expect(screens.text.contains("- Settings [screen=Settings]"))
        #expect(screens.text.contains("[screen=Home] [on stack]"))
        #expect(screens.structured?["screens"]?.arrayValue?.isEmpty == false)
        let opened = try await Self.call("slam_navigate", ["screen": "Settings"], session)
        #expect(opened.text.hasPrefix("Opened screen Settings.\nScreen: Settings [screen=Settings]\n"))
        let unknown = try await Self.call("slam_navigate", ["screen": "Setings"], session)
        #expect(unknown.isError)
        #expect(unknown.text.contains("Settings"), "did-you-mean: \(unknown.text)")
        #expect(unknown.text.contains("\nNext: "))
        try await Self.call("slam_navigate", ["back": true], session)
        try await Self.call("slam_press", ["target": "increment"], session)
        // The counter's task changes the model; the screen shows it at its next update.
        #expect(try await Self.call("slam_run_task", ["name": "resetCounter"], session).text == "Ran task resetCounter.\nNo visible change.")
        let task = try await Self.call("slam_run_task", ["name": "push", "param": "Settings"], session)
        #expect(task.text == "Ran task push Settings.\nScreen: Settings [screen=Settings], as you last read it.", "\(task.text)")
        let missing = try await Self.call("slam_run_task", ["name": "resetCountr"], session)
        #expect(missing.isError)
        #expect(missing.text.contains("\nNext: "))
        withExtendedLifetime(app) {}
    }

    @Test func stateListsGetsAndSets() async throws {
        let (app, session) = try await Self.demo()
        #expect(try await Self.call("slam_state", [:], session).text.contains("orderStatus: \"Nothing ordered yet\""))
        #expect(try await Self.call("slam_state", ["key": "orderStatus"], session).text == "orderStatus: \"Nothing ordered yet\"")
        let set = try await Self.call("slam_state", ["key": "orderStatus", "value": "Ordered"], session)
        #expect(set.text.hasPrefix("Set orderStatus to \"Ordered\"."))
        let unknown = try await Self.call("slam_state", ["key": "orderStatu"], session)
        #expect(unknown.isError)
        #expect(unknown.text.hasSuffix("\nNext: slam_state without arguments lists the keys."))
        withExtendedLifetime(app) {}
    }

    @Test func resetAnswersTheFirstScreen() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Settings"], session)
        let result = try await Self.call("slam_reset", [:], session)
        #expect(result.text.hasPrefix("Reset the application.\nScreen: Slam Demo [screen=Home]\n"))
        withExtendedLifetime(app) {}
    }
}

extension ScreenToolsTests {
    /// Back on a screen, the answer compares it with what the agent last knew of it: the first reading
    /// and every change answered since, not the first reading alone.
    @Test func aScreenReadAgainComparesWithWhatTheAgentLastKnew() async throws {
        let (app, session) = try await Self.demo()
        let opened = try await Self.call("slam_navigate", ["screen": "Settings"], session)
        #expect(opened.text.contains("- switch \"Wi-Fi\" [checked] [ref=wifi]"), "\(opened.text)")
        let pressed = try await Self.call("slam_press", ["target": "wifi"], session)
        #expect(pressed.text.contains("- switch \"Wi-Fi\" [ref=wifi]"), "\(pressed.text)")
        try await Self.call("slam_navigate", ["back": true], session)
        let again = try await Self.call("slam_navigate", ["screen": "Settings"], session)
        #expect(again.text == "Opened screen Settings.\nScreen: Settings [screen=Settings], as you last read it.", "\(again.text)")
        withExtendedLifetime(app) {}
    }

    /// Removing an element says what went: the agent's next call must not aim at it.
    @Test func aRemovedElementIsNamedAsGone() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Todos"], session)
        let removed = try await Self.call("slam_press", ["target": "t1/remove"], session)
        #expect(removed.text.contains("\n- gone: switch \"Done: Buy milk\" [ref=t1/done]\n"), "\(removed.text)")
        #expect(removed.text.hasSuffix("\n- gone: button \"Remove Buy milk\" [ref=t1/remove]"), "\(removed.text)")
        withExtendedLifetime(app) {}
    }

    /// What another client changed while the agent looked elsewhere is news when the agent comes
    /// back, even after an answer that read the whole screen for what it removed.
    @Test func aChangeTheAgentWasNotToldOfIsNewsWhenItComesBack() async throws {
        let (app, session) = try await Self.demo()
        try await Self.call("slam_navigate", ["screen": "Todos"], session)
        let other = try AsyncSlamConnection(socketPath: app.socketPath)
        try await other.call("press", ["ref": "t2/done"])
        // The session has seen that change go by before the agent acts: it is not one the action caused.
        try await session.settle()
        let removed = try await Self.call("slam_press", ["target": "t1/remove"], session)
        #expect(removed.text.contains("- gone: switch \"Done: Buy milk\""), "\(removed.text)")
        try await Self.call("slam_navigate", ["back": true], session)
        let again = try await Self.call("slam_navigate", ["screen": "Todos"], session)
        #expect(again.text.contains("as you last read it except:"), "\(again.text)")
        #expect(again.text.contains("switch \"Done: Walk the dog\""), "the switch another client turned: \(again.text)")
        other.close()
        withExtendedLifetime(app) {}
    }
}
