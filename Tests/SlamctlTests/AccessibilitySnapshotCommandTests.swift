import Testing
import SlamClient
import SlamHarness
import SlamJSON

/// `slamctl snapshot`, `slamctl wait --aria` and flows' `expectAria` steps, against the real `slamd`.
@Suite(.timeLimit(.minutes(10))) struct AccessibilitySnapshotCommandTests {
    @Test func snapshotPrintsTheScreenOrASubtree() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let whole = try slamctl("snapshot", app: app)
        #expect(whole.status == 0)
        #expect(whole.lines.prefix(2) == ["- heading \"Counter\" [level=2] [ref=heading]", "- paragraph \"Count: 0\" [ref=count]"])
        let subtree = try slamctl("snapshot", "--ref", "counterButtons", "--depth", "0", app: app)
        #expect(subtree.lines == ["- group \"Counter\" [ref=counterButtons]"])
        let json = try slamctl("snapshot", "--json", app: app).json()
        #expect(json["controller"] == "Home" && json["title"] == "Slam Demo")
        #expect(json["snapshot"]?.stringValue == whole.standardOutput)
        #expect(try slamctl("snapshot", "--depth", "x", app: app).status == 2)
    }

    @Test func waitAriaReadsATemplateFileAndPrintsTheDiffWhenItDoesNotMatch() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let matching = try TemporaryFile(named: "home.aria", contents: "- group \"Counter\":\n  - button \"+1\"\n")
        defer { matching.remove() }
        let passed = try slamctl("wait", "--aria", matching.path, app: app)
        #expect(passed.status == 0, "\(passed.standardError)")
        let failing = try TemporaryFile(named: "counted.aria", contents: "- paragraph \"Count: 2\"\n")
        defer { failing.remove() }
        let failed = try slamctl("wait", "--aria", failing.path, "--timeout", "100ms", app: app)
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("--- expected (template)\n+++ actual (snapshot)\n- - paragraph \"Count: 2\"\n"))
        let unreadable = try TemporaryFile(named: "bad.aria", contents: "- button\n- button [chekced]\n")
        defer { unreadable.remove() }
        let refused = try slamctl("wait", "--aria", unreadable.path, app: app)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("bad.aria: line 2: unknown attribute 'chekced'"))
    }

    private func run(_ flow: String, app: SlamApp) throws -> SlamctlResult {
        let file = try TemporaryFile(named: "flow.json", contents: flow)
        defer { file.remove() }
        return try SlamctlProcess(["run", file.path], app: app).finish()
    }

    @Test func anExpectAriaStepPassesOnceTheSnapshotContainsItAndReportsTheDiffWhenNot() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let passed = try run(#"""
            {"name": "Aria", "timeoutMs": 3000, "steps": [
              {"press": "increment"},
              {"expectAria": ["- paragraph /^Count: 1$/", "- group \"Counter\":", "  - button \"-1\" [disabled=false]"]},
              {"expectAria": "- button \"Reset\"", "ref": "counterButtons"}]}
            """#, app: app)
        #expect(passed.status == 0, "\(passed.standardOutput)\(passed.standardError)")
        #expect(passed.lines == [
            "flow Aria: 3 steps",
            "ok step 1: press increment",
            "ok step 2: expectAria - paragraph /^Count: 1$/ (+2 lines)",
            "ok step 3: expectAria counterButtons - button \"Reset\"",
            "flow Aria passed",
        ])
        let failed = try run(#"{"steps": [{"expectAria": "- paragraph \"Count: 7\"", "timeoutMs": 100}]}"#, app: app)
        #expect(failed.status == 1)
        #expect(failed.lines.dropFirst().prefix(6) == [
            "FAILED step 1: expectAria - paragraph \"Count: 7\"",
            "  error -32008: Wait timed out: the accessibility snapshot did not contain the template within 100 ms:",
            "  --- expected (template)",
            "  +++ actual (snapshot)",
            "  - - paragraph \"Count: 7\"",
            "  + - heading \"Counter\" [level=2] [ref=heading]",
        ])
        let malformed = try run(#"{"steps": [{"expectAria": "- button [chekced]"}]}"#, app: app)
        #expect(malformed.status == 1)
        #expect(malformed.standardError.contains("$.steps[0].expectAria: line 1: unknown attribute 'chekced'"))
    }
}
