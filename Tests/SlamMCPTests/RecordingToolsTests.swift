import Testing
import SlamClient
import SlamConsole
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamMCP
import SlamProtocol
import SlamRPC
#if canImport(Glibc)
import Glibc
#endif

/// The recording tools against the demo served in process: checks that become flow steps, locators as
/// the recorder writes them, the session as a flow that replays, traces.
@Suite struct RecordingToolsTests {
    /// The demo, and an MCP session on a connection of its own.
    struct Fixture {
        let app: SlamApp
        let session: MCPSession

        init() async throws {
            app = try SlamApp.inProcess { try DemoApp.makeApplication() }
            session = MCPSession(connection: try AsyncSlamConnection(socketPath: app.socketPath))
            try await session.start()
        }

        func call(_ name: String, _ arguments: JSONValue.Object = [:]) async throws -> MCPToolResult {
            let tool = try #require(SlamTools.all.first { $0.name == name }, "no tool \(name)")
            return try await tool.run(arguments, session)
        }

        /// Runs `flow` as `slamctl run` does, on another connection, after a reset.
        func replayAfterAReset(_ flow: Flow) throws -> FlowRunner.Report {
            let replaying = try SlamConnection(socketPath: app.socketPath)
            try replaying.reset()
            return try FlowRunner(connection: replaying, style: .plain).run(flow)
        }

        /// Acts as the screen tools do: through the session's own connection.
        func act(_ method: String, _ params: JSONValue.Object) async throws {
            try await session.connection.call(method, params)
        }
    }

    static func flowSteps(_ result: MCPToolResult) throws -> [JSONValue] {
        let flow = try JSONParser().parse(result.text)
        return try #require(flow["steps"]?.arrayValue)
    }

    // MARK: - slam_verify

    @Test func aPassingCheckAnswersItsStepAndTheFlowKeepsItAfterTheActionBeforeIt() async throws {
        let fixture = try await Fixture()
        try await fixture.act("press", ["ref": "increment"])
        let verified = try await fixture.call("slam_verify", ["target": "count", "text": "Count: 1"])
        #expect(!verified.isError, "\(verified.text)")
        #expect(verified.text.contains(#"{"expect":"count","property":"text","equals":"Count: 1"}"#), "\(verified.text)")
        let steps = try Self.flowSteps(try await fixture.call("slam_flow"))
        #expect(steps == [["press": ["role": "button", "name": "+1"]], ["expect": "count", "property": "text", "equals": "Count: 1"]])
    }

    @Test func aMismatchIsACorrectableFailureThatSaysWhatWasFoundAndIsNotRecorded() async throws {
        let fixture = try await Fixture()
        try await fixture.act("press", ["ref": "increment"])
        let failed = try await fixture.call("slam_verify", ["target": "count", "text": "Count: 9"])
        #expect(failed.isError)
        #expect(failed.text.hasPrefix("Error: "), "\(failed.text)")
        #expect(failed.text.contains(#"Found: text "Count: 1""#), "\(failed.text)")
        #expect(failed.text.contains("\nNext: "), "\(failed.text)")
        let steps = try Self.flowSteps(try await fixture.call("slam_flow"))
        #expect(steps == [["press": ["role": "button", "name": "+1"]]])
    }

    @Test func statesAndAriaBecomeTheirOwnSteps() async throws {
        let fixture = try await Fixture()
        #expect(!(try await fixture.call("slam_verify", ["target": "decrement", "state": "visible"])).isError)
        #expect(!(try await fixture.call("slam_verify", ["target": "wifi", "state": "absent"])).isError)
        let aria = try await fixture.call("slam_verify", ["target": "counterButtons", "aria": "- button \"+1\"\n- button \"-1\" [disabled]"])
        #expect(!aria.isError, "\(aria.text)")
        let hidden = try await fixture.call("slam_verify", ["target": "goal", "state": "visible"])
        #expect(hidden.isError && hidden.text.contains("Found: the element, hidden"), "\(hidden.text)")
        try await fixture.act("press", ["ref": "increment"])
        let steps = try Self.flowSteps(try await fixture.call("slam_flow"))
        #expect(steps.count == 4)
        #expect(steps.first == ["wait": ["role": "button", "name": "-1"], "state": "visible"])
        #expect(steps.dropFirst().first == ["expectAbsent": "wifi"])
        #expect(steps.dropFirst(2).first == ["expectAria": ["- button \"+1\"", "- button \"-1\" [disabled]"], "ref": ["role": "group", "name": "Counter"]])
    }

    @Test func anUnknownTargetIsCorrectableWithTheDaemonsHint() async throws {
        let fixture = try await Fixture()
        let result = try await fixture.call("slam_verify", ["target": "cuont", "state": "visible"])
        #expect(result.isError)
        #expect(result.text.hasPrefix("Error: ") && result.text.contains("count") && result.text.contains("\nNext: "), "\(result.text)")
    }

    @Test(arguments: [
        ["target": "count"] as JSONValue.Object,
        ["target": "count", "text": "a", "state": "visible"],
        ["target": "count", "state": "shiny"],
        ["text": "Count: 0"],
        ["target": 3, "text": "Count: 0"],
        ["target": "count", "text": "Count: 0", "colour": "red"],
        ["target": ["rol": "button"], "state": "visible"],
    ])
    func argumentsThatDoNotFitAreRefusedBeforeAnythingRuns(_ arguments: JSONValue.Object) async throws {
        let fixture = try await Fixture()
        await #expect(throws: MCPToolError.self) { try await fixture.call("slam_verify", arguments) }
    }

    // MARK: - slam_generate_locator

    @Test(arguments: [
        ("increment", #"{"role":"button","name":"+1"}"#),
        ("count", #""count""#),
        ("heading", #"{"role":"heading","name":"Counter"}"#),
    ])
    func theLocatorIsTheRecordersChoice(_ target: String, _ expected: String) async throws {
        let fixture = try await Fixture()
        let result = try await fixture.call("slam_generate_locator", ["target": .string(target)])
        #expect(!result.isError)
        #expect(result.text.hasPrefix(expected + "\nFlow step: "), "\(result.text)")
        #expect(result.structured?["locator"] == (try JSONParser().parse(expected)))
    }

    /// Names a state view placed can change with the data: the recorder locates such elements by their
    /// references, and so do the locators the agent is given, and its checks and steps agree.
    @Test func aNameAStateViewPlacedIsLocatedByItsReferenceAsTheRecorderLocatesIt() async throws {
        let fixture = try await Fixture()
        try await fixture.act("reset", [:])
        try await fixture.act("runTask", ["name": "push", "param": "Todos"])
        let result = try await fixture.call("slam_generate_locator", ["target": ["role": "switch", "name": "Done: Buy milk"]])
        #expect(result.structured?["locator"] == "t1/done", "\(result.text)")
        #expect(result.structured?["step"] == ["press": "t1/done"])
        try await fixture.act("press", ["ref": ["role": "switch", "name": "Done: Buy milk"]])
        #expect(!(try await fixture.call("slam_verify", ["target": ["role": "switch", "name": "Done: Buy milk"], "state": "visible"])).isError)
        let steps = try Self.flowSteps(try await fixture.call("slam_flow", [:]))
        #expect(steps.suffix(2) == [["press": "t1/done"], ["wait": "t1/done", "state": "visible"]])
    }

    @Test func aFieldsLocatorNeverUsesWhatWasTypedAndItsStepFillsIt() async throws {
        let fixture = try await Fixture()
        try await fixture.act("runTask", ["name": "push", "param": "Settings"])
        try await fixture.act("setText", ["ref": "name", "text": "Ada"])
        let result = try await fixture.call("slam_generate_locator", ["target": ["type": "TextField"]])
        #expect(result.structured?["locator"] == ["role": "textbox", "name": "Name"], "\(result.text)")
        #expect(result.structured?["step"] == ["text": ["role": "textbox", "name": "Name"], "value": "Ada"])
    }

    @Test func anAmbiguousTargetIsCorrectable() async throws {
        let fixture = try await Fixture()
        let result = try await fixture.call("slam_generate_locator", ["target": ["type": "Button"]])
        #expect(result.isError && result.text.hasPrefix("Error: ") && result.text.contains("\nNext: "), "\(result.text)")
    }

    // MARK: - slam_flow

    @Test func theFlowHoldsThisConnectionsStepsOnlyAndReplaysGreenAfterAReset() async throws {
        let fixture = try await Fixture()
        let other = try AsyncSlamConnection(socketPath: fixture.app.socketPath)
        try await fixture.act("reset", [:])
        try await other.call("press", ["ref": "increment"])
        try await fixture.act("press", ["ref": "increment"])
        try await fixture.act("runTask", ["name": "push", "param": "Settings"])
        try await other.call("press", ["ref": "wifi"])
        try await fixture.act("press", ["ref": "volume", "value": "increment"])
        #expect(!(try await fixture.call("slam_verify", ["target": "volumeLabel", "text": "Volume: 6"])).isError)
        try await fixture.act("press", ["ref": "back"])
        let result = try await fixture.call("slam_flow", ["name": "agent"])
        let steps = try Self.flowSteps(result)
        #expect(steps == [
            ["reset": true],
            ["press": ["role": "button", "name": "+1"]],
            ["task": "push", "param": "Settings"],
            ["press": ["role": "spinbutton", "name": "Volume"], "value": "increment"],
            ["expect": "volumeLabel", "property": "text", "equals": "Volume: 6"],
            ["press": ["role": "button", "name": "Back"]],
        ], "\(result.text)")
        #expect(result.structured == ["name": "agent", "steps": 6])

        let report = try fixture.replayAfterAReset(Flow(json: JSONParser().parse(result.text)))
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    }

    /// The demo's three tasks with the screen tools, as the scripted agent over stdio does them: the flow
    /// holds every step they took, in order, and replays green after a reset.
    @Test func theScreenToolsStepsAreTheFlowAndItReplaysGreen() async throws {
        let fixture = try await Fixture()
        func use(_ tool: String, _ arguments: JSONValue.Object = [:]) async throws -> String {
            let result = try await fixture.call(tool, arguments)
            #expect(!result.isError, "\(tool) \(arguments): \(result.text)")
            return result.text
        }
        _ = try await use("slam_reset")
        _ = try await use("slam_press", ["target": ["role": "button", "name": "Order"]])
        _ = try await use("slam_select", ["target": "size", "value": [0, 2]])
        _ = try await use("slam_select", ["target": "delivery", "value": "2026-12-24"])
        _ = try await use("slam_verify", ["target": "order", "text": "Large, Red, delivered on 2026-12-24"])
        let alert = try await use("slam_press", ["target": ["role": "button", "name": "Place order"]])
        #expect(alert.contains("Place the order?"), "\(alert)")
        _ = try await use("slam_press", ["target": ["role": "button", "name": "Order"]])
        _ = try await use("slam_verify", ["target": "orderStatus", "text": "Ordered"])
        _ = try await use("slam_navigate", ["back": true])
        _ = try await use("slam_navigate", ["screen": "Todos"])
        _ = try await use("slam_type", ["target": ["role": "textbox", "name": "New to-do"], "text": "Water the plants"])
        _ = try await use("slam_press", ["target": "add"])
        _ = try await use("slam_press", ["target": ["role": "switch", "name": "Done: Water the plants"]])
        _ = try await use("slam_verify", ["target": "summary", "text": "1 of 3 to do"])
        _ = try await use("slam_navigate", ["back": true])
        _ = try await use("slam_press", ["target": ["role": "button", "name": "Settings"]])
        _ = try await use("slam_set_value", ["target": "wifi", "value": false])
        _ = try await use("slam_select", ["target": "theme", "value": "Dark"])
        _ = try await use("slam_verify", ["target": "themeLabel", "text": "Theme: Dark"])
        _ = try await use("slam_press", ["target": ["role": "button", "name": "Back"]])

        let result = try await fixture.call("slam_flow", ["name": "tasks"])
        let flow = try Flow(json: JSONParser().parse(result.text))
        #expect(flow.steps.map(\.step.summary) == [
            "reset", #"press button "Order""#, #"press group "Size and colour" [0,2]"#, #"press spinbutton "Delivery date" "2026-12-24""#,
            #"expect order text = "Large, Red, delivered on 2026-12-24""#, #"press button "Place order""#, #"press button "Order""#,
            #"expect orderStatus text = "Ordered""#, "task pop", "task push Todos", #"typeText draft "Water the plants""#, "press add",
            "press t3/done", #"expect summary text = "1 of 3 to do""#, "task pop", #"press button "Settings""#,
            #"press switch "Wi-Fi" false"#, #"press radiogroup "Theme" 1"#, #"expect themeLabel text = "Theme: Dark""#, #"press button "Back""#,
        ], "\(result.text)")
        let report = try fixture.replayAfterAReset(flow)
        #expect(report.passed, "\(report.lines.joined(separator: "\n"))\n\(result.text)")
    }

    @Test func withAFilenameTheFlowIsWrittenAndThePathAndCountAnswered() async throws {
        let fixture = try await Fixture()
        try await fixture.act("press", ["ref": "increment"])
        let path = fixture.app.socketPath + "-flow.json"
        defer { unlink(path) }
        let result = try await fixture.call("slam_flow", ["filename": .string(path)])
        #expect(!result.isError)
        #expect(result.text.hasPrefix("Wrote flow \"\(String(path.split(separator: "/").last!.dropLast(5)))\" (1 step) to \(path)"), "\(result.text)")
        #expect(result.structured?["path"] == .string(path) && result.structured?["steps"] == 1)
        let written = try #require(ScreenToolsTests.read(path))
        #expect(try Flow(json: JSONParser().parse(written)).steps.count == 1)
    }

    @Test func aFlowOfNothingIsCorrectableAndAnUnwritableFileToo() async throws {
        let fixture = try await Fixture()
        let empty = try await fixture.call("slam_flow")
        #expect(empty.isError && empty.text.contains("\nNext: "), "\(empty.text)")
        try await fixture.act("press", ["ref": "increment"])
        let unwritable = try await fixture.call("slam_flow", ["filename": "/nonexistent-directory/flow.json"])
        #expect(unwritable.isError && unwritable.text.hasPrefix("Error: cannot write /nonexistent-directory/flow.json"), "\(unwritable.text)")
        await #expect(throws: MCPToolError.self) { try await fixture.call("slam_flow", ["file": "x.json"]) }
    }

    // MARK: - Traces

    @Test func aTraceStartsStopsAndRefusesWhatItCannotDoWithAHint() async throws {
        let fixture = try await Fixture()
        let notRunning = try await fixture.call("slam_trace_stop")
        #expect(notRunning.isError && notRunning.text.contains("Next: start one with slam_trace_start"), "\(notRunning.text)")
        let started = try await fixture.call("slam_trace_start", ["name": "agent.jsonl"])
        let path = try #require(started.structured?["path"]?.stringValue)
        #expect(path.hasSuffix("/agent.jsonl") && started.text == "Tracing to \(path).")
        let again = try await fixture.call("slam_trace_start")
        #expect(again.isError && again.text.contains("slam_trace_stop"), "\(again.text)")
        try await fixture.act("press", ["ref": "increment"])
        let stopped = try await fixture.call("slam_trace_stop")
        #expect(stopped.structured?["path"] == .string(path))
        #expect((stopped.structured?["records"]?.integerValue ?? 0) > 0)
        await #expect(throws: MCPToolError.self) { try await fixture.call("slam_trace_start", ["name": "a/b"]) }
    }

    // MARK: - Schemas

    @Test func inputSchemasComeFromTheProtocolsDeclarations() throws {
        let verify = try #require(SlamTools.all.first { $0.name == "slam_verify" })
        var state = try #require(verify.inputSchema["properties"]?["state"]?.objectValue)
        state["description"] = nil
        let declared = try #require(WaitForRequest.parameters.documentation.first { $0.name == "state" })
        #expect(JSONValue.object(state) == declared.schema)
        #expect(verify.inputSchema["properties"]?["target"]?["oneOf"] != nil)
        #expect(verify.inputSchema["required"] == ["target"])
        #expect(verify.inputSchema["additionalProperties"] == false)
        #expect(verify.inputSchema["$defs"]?["Locator"]?["properties"]?["role"] != nil)
        #expect(!verify.inputSchema.description.contains("#/components/"))
        let start = try #require(SlamTools.all.first { $0.name == "slam_trace_start" })
        #expect(start.outputSchema == TraceStarted.objectSchema)
        #expect(SlamTools.all.suffix(5).map(\.name) == ["slam_verify", "slam_generate_locator", "slam_flow", "slam_trace_start", "slam_trace_stop"])
    }
}
