import Testing
import SlamClient
import SlamHarness
import SlamJSON

/// `slamctl run` with `expectTree` steps, against the real `slamd`.
@Suite(.timeLimit(.minutes(10))) struct ExpectTreeFlowTests {
    private func run(_ flow: String, app: SlamApp, extraArguments: [String] = []) throws -> SlamctlResult {
        let file = try TemporaryFile(named: "flow.json", contents: flow)
        defer { file.remove() }
        return try SlamctlProcess(["run", file.path] + extraArguments, app: app).finish()
    }

    @Test func anExpectTreeStepPassesOnceTheTreeMatches() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try run("""
            {"name": "Tree", "timeoutMs": 3000, "steps": [
              {"press": "increment"},
              {"expectTree": {"children": [{"ref": "count", "text": "/^Count: 1$/"}, {"ref": "counterButtons", "children": [{"text": "-1", "enabled": true}]}]}},
              {"expectTree": {"children": [{"text": "+1"}, {"text": "-1"}, {"text": "Reset"}]}, "ref": "counterButtons", "strict": true},
              {"task": "push", "param": "Settings"},
              {"expectTree": {"children": [{"ref": "count"}]}, "controller": "Home"}]}
            """, app: app)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines == [
            "flow Tree: 5 steps",
            "ok step 1: press increment",
            "ok step 2: expectTree {children: [2 elements]}",
            "ok step 3: expectTree counterButtons strict {children: [3 elements]}",
            "ok step 4: task push Settings",
            "ok step 5: expectTree {children: [1 element]}",
            "flow Tree passed",
        ])
    }

    @Test func aFailingExpectTreeStepReportsTheDiff() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let flow = """
            {"name": "Diff", "steps": [
              {"expectTree": {"children": [{"ref": "count", "text": "Count: 1"}, {"type": "Button", "text": "+1"}]}, "timeoutMs": 200}]}
            """
        let result = try run(flow, app: app)
        #expect(result.status == 1)
        #expect(result.lines.dropFirst() == [
            "FAILED step 1: expectTree {children: [2 elements]}",
            "  error -32008: Wait timed out: the tree did not match the template within 200 ms:",
            #"  root > children: no child matches {ref: "count", text: "Count: 1"}"#,
            #"    closest: root > children[1] (ref "count", Label) > text: expected "Count: 1", got "Count: 0""#,
            #"  root > children: no child matches {type: "Button", text: "+1"}; one matches deeper: root > children[4] (ref "counterButtons", View) > children[0] (ref "increment", Button)"#,
            "flow Diff failed at step 1 of 1",
        ])
        let json = try run(flow, app: app, extraArguments: ["--json"]).json()
        let error = json["steps"]?[0]?["error"]
        #expect(error?["data"]?["diff"]?[0]?["closest"]?[0]?["pointer"] == "$.children[1].text")
        #expect(error?["data"]?["snapshot"]?["ref"] == "root", "the last tree, for programs")
    }
}
