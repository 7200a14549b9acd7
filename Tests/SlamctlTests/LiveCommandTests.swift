import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The demo's Home screen as `slamctl screen` draws it at launch.
let homeWireframe = """
    == Slam Demo (Home) ==
    Counter
    Count: 0
    [----------] 0%
    [ +1 ]  [ -1 (disabled) ]  [ Reset (disabled) ]
    [ Settings ]  [ Shopping list ]  [ To-do ]  [ Order ]  [ About ]  [ Website ]
    """

/// The demo's Settings screen as first pushed.
let settingsWireframe = """
    == Settings (Settings) ==
    wifi: [x] on
    Wi-Fi is on
    volume: [-] 5 [+]  (0…10)
    Volume: 5
    theme: | Light | Dark |[Auto]|
    Theme: Auto
    name: [(Your name)]
    Hello, stranger
    pages: * o o
    Page 1 of 3
    [ Back ]
    """

/// `wait`, `watch`, `screen` and `call`: the verbs that wait, stream or pass JSON through.
@Suite(.timeLimit(.minutes(10))) struct LiveCommandTests {
    // MARK: - wait

    @Test func waitReturnsAtOnceWhenTheStateAlreadyHolds() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let exists = try slamctl("wait", "count", "--state", "exists", app: app)
        #expect(exists.status == 0)
        #expect(exists.lines == ["Label count \"Count: 0\""])
        let visibleByDefault = try slamctl("wait", "increment", "--timeout", "300ms", app: app)
        #expect(visibleByDefault.lines == ["Button increment \"+1\""])
        let absent = try slamctl("wait", "nothing", "--state", "absent", app: app)
        #expect(absent.status == 0)
        #expect(absent.lines == ["nothing is absent"])
        #expect(try slamctl("wait", "nothing", "--state", "absent", "--json", app: app).json() == .null)
    }

    @Test func waitComparesAPropertyWithJSONOrABareString() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let text = try slamctl("wait", "count", "--property", "text", "--equals", "Count: 0", "--timeout", "300ms", app: app)
        #expect(text.status == 0)
        #expect(text.lines == ["Label count \"Count: 0\""])
        try app.runTask("push", param: "Settings")
        // `5` is JSON: a number, equal to the stepper's 5.0.
        let number = try slamctl("wait", "volume", "--property", "value", "--equals", "5", "--timeout", "300ms", "--json",
                                 app: app)
        #expect(number.status == 0)
        #expect(try number.json()["value"]?.doubleValue == 5)
        let bool = try slamctl("wait", "wifi", "--property", "isOn", "--equals=true", "--timeout", "300ms", app: app)
        #expect(bool.lines == ["Switch wifi on"])
        // As a string "5" it would never equal the number.
        let quoted = try slamctl("wait", "volume", "--property", "value", "--equals", "\"5\"", "--timeout", "0s", app: app)
        #expect(quoted.status == 1)
        #expect(quoted.standardError.hasPrefix("slamctl: error -32008: "))
    }

    @Test func waitSucceedsWhenAnotherClientMakesTheConditionTrue() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let property = try SlamctlProcess(["wait", "count", "--property", "text", "--equals", "Count: 1", "--timeout", "20s"],
                                          app: app)
        let state = try SlamctlProcess(["wait", "decrement", "--state", "enabled", "--timeout", "20s", "--json"], app: app)
        usleep(300_000)
        #expect(property.isRunning && state.isRunning, "neither condition holds before the press")
        try app.connection.press("increment")
        let byProperty = property.finish()
        #expect(byProperty.status == 0)
        #expect(byProperty.lines == ["Label count \"Count: 1\""])
        let byState = state.finish()
        #expect(byState.status == 0)
        #expect(try byState.json()["enabled"] == true)
    }

    @Test func waitTimesOutWithTheDaemonsErrorAndLastSnapshot() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let clock = ContinuousClock()
        let started = clock.now
        let result = try slamctl("wait", "goal", "--timeout", "300ms", app: app)
        let elapsed = clock.now - started
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines.first
                == "slamctl: error -32008: Wait timed out: 'goal' did not reach {\"state\":\"visible\"} within 300 ms")
        #expect(result.errorLines.count == 2)
        let data = try JSONParser().parse(String(result.errorLines.last?.dropFirst("  data: ".count) ?? ""))
        #expect(data["timeoutMs"] == 300)
        #expect(data["snapshot"]?["visible"] == false)
        #expect(elapsed >= .milliseconds(290))
        let property = try slamctl("wait", "count", "--property", "text", "--equals", "Count: 9", "--timeout", "0.3s", app: app)
        #expect(property.status == 1)
        #expect(property.errorLines.first == "slamctl: error -32008: Wait timed out: 'count' did not reach "
                + "{\"property\":\"text\",\"equals\":\"Count: 9\"} within 300 ms")
    }

    @Test(arguments: ["3x", "-1ms", "ms", "s", "1.5ms", "nan", "601s"])
    func waitRefusesATimeoutItCannotRead(_ timeout: String) throws {
        // Checked before connecting: no daemon needed, and status 2 rather than 3.
        let result = try slamctl("wait", "count", "--timeout", timeout, "--socket", "/nonexistent/slamd.sock")
        #expect(result.status == 2)
        #expect(result.errorLines == [
            "slamctl: --timeout must look like 500ms, 2s or 1.5s and be at most 600s, not '\(timeout)'",
            "Usage: slamctl wait [REF] [--type TYPE] [--text TEXT] [--matches REGEX] [--role ROLE] [--name NAME] [--within REF] [--nth N] [--state STATE] [--property NAME] [--equals VALUE] [--aria FILE] [--timeout TIME] [--controller ID]",
        ])
    }

    @Test func waitRefusesConditionsThatDoNotGoTogether() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let both = try slamctl("wait", "count", "--state", "visible", "--property", "text", "--equals", "x", app: app)
        #expect(both.status == 2)
        #expect(both.errorLines.first == "slamctl: give --state or --property, not both")
        let alone = try slamctl("wait", "count", "--property", "text", app: app)
        #expect(alone.status == 2)
        #expect(alone.errorLines.first == "slamctl: --property and --equals go together")
        #expect(try slamctl("wait", "count", "--equals", "x", app: app).status == 2)
        #expect(try slamctl("wait", app: app).status == 2, "REF is required")
    }

    // MARK: - watch

    /// Runs a `url` task through the harness until `watcher` prints its event: from then on it is subscribed.
    private func prime(_ watcher: SlamctlProcess, _ app: SlamApp) throws {
        for _ in 0..<200 {
            try app.runTask("url", param: "https://example.org/prime")
            if watcher.waitForOutput(containing: "https://example.org/prime", timeoutSeconds: 0.05) { return }
        }
        Issue.record("slamctl never printed an event: \(watcher.standardError)")
    }

    @Test func watchPrintsEachEventAsAUserReadsIt() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let watcher = try SlamctlProcess(["watch"], app: app)
        try prime(watcher, app)
        try app.connection.press("increment")
        try app.runTask("push", param: "Settings")
        #expect(watcher.waitForOutput(containing: "taskRan push Settings"))
        let signal = SIGINT  // Ctrl-C: ChildProcess gives children default signal handling
        #expect(watcher.stop(signal: signal) == 128 + signal)
        let result = watcher.finish()
        let lines = result.lines.filter { !$0.hasSuffix("https://example.org/prime") }
        #expect(lines == [
            "changed Home: Label count \"Count: 1\"",
            "changed Home: ProgressView progress 10%",
            "changed Home: Button decrement \"-1\"",
            "changed Home: Button reset \"Reset\"",
            "navigated Home > Settings",
            "taskRan push Settings",
        ])
        #expect(result.lines.contains("openURL https://example.org/prime"))
        #expect(result.lines.contains("taskRan url https://example.org/prime"))
        #expect(result.standardError == "")
    }

    @Test func watchWithJSONPrintsOneNotificationPerLineForTheEventsAskedFor() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let watcher = try SlamctlProcess(["--json", "watch", "changed", "openURL"], app: app)
        try prime(watcher, app)
        try app.connection.press("increment")
        #expect(watcher.waitForOutput(containing: "\"method\":\"changed\""))
        #expect(watcher.stop(signal: SIGTERM) == 128 + SIGTERM)
        let notifications = try watcher.finish().lines.map { try JSONParser().parse($0) }
        #expect(notifications.allSatisfy { $0["jsonrpc"] == "2.0" && $0["id"] == nil })
        // taskRan was not asked for: the url tasks show only as openURL.
        #expect(Set(notifications.compactMap { $0["method"]?.stringValue }) == ["openURL", "changed"])
        #expect(notifications.filter { $0["method"] == "openURL" }.allSatisfy {
            $0["params"] == ["address": "https://example.org/prime"]
        })
        let changed = notifications.filter { $0["method"] == "changed" }
        #expect(changed.count == 1)
        #expect(changed.first?["params"]?["controller"] == "Home")
        #expect(changed.first?["params"]?["changes"]?.arrayValue?.compactMap { $0["ref"]?.stringValue }
                == ["count", "progress", "decrement", "reset"])
        #expect(changed.first?["params"]?["changes"]?[0]?["text"] == "Count: 1")
    }

    @Test func watchExitsThreeWhenTheDaemonStops() throws {
        let app = try SlamApp.launch()
        let watcher = try SlamctlProcess(["watch"], app: app)
        try prime(watcher, app)
        #expect(app.stop() == 0)
        let result = watcher.finish()
        #expect(result.status == 3, "the daemon going away is not an error it answered: \(result.standardError)")
        #expect(result.standardError == "slamctl: lost slamd: the daemon closed the connection\n")
    }

    @Test func watchWithoutADaemonExitsThree() throws {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        defer { rmdir(directory) }
        let result = try slamctl("watch", "--socket", directory + "/slamd.sock")
        #expect(result.status == 3)
        #expect(result.standardOutput == "")
    }

    // MARK: - screen

    @Test func screenDrawsTheDemoHomeExactly() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("screen", app: app)
        #expect(result.status == 0)
        #expect(result.standardOutput == homeWireframe + "\n")
        #expect(result.standardError == "")
    }

    @Test func screenWithJSONGivesTheControllerAndItsTree() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let screen = try slamctl("screen", "--json", app: app).json()
        #expect(screen["controller"] == "Home")
        #expect(screen["title"] == "Slam Demo")
        #expect(screen["tree"]?["ref"] == "root")
        #expect(screen["tree"]?["children"]?[1]?["text"] == "Count: 0")
    }

    @Test func screenDrawsWhateverControllerIsOnTop() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        #expect(try slamctl("screen", app: app).standardOutput == settingsWireframe + "\n")
        try app.connection.press("wifi", value: false)
        try app.connection.press("theme", value: 0)
        try app.connection.press("pages", value: 2)
        try app.connection.setText("name", "Ada")
        let changed = try slamctl("screen", app: app).lines
        #expect(changed.contains("wifi: [ ] off"))
        #expect(changed.contains("theme: |[Light]| Dark | Auto |"))
        #expect(changed.contains("pages: o o *"))
        #expect(changed.contains("name: [Ada]"))
        #expect(changed.contains("Hello, Ada"))
    }

    @Test func screenFollowRedrawsAfterEveryChange() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let screen = try SlamctlProcess(["screen", "--follow"], app: app)
        #expect(screen.waitForOutput(containing: "[ Website ]"), "the first drawing")
        // It subscribes after the first drawing: press until a redraw shows it listens.
        var presses = 0
        while presses < 200 && !screen.waitUntil(timeoutSeconds: 0.05, {
            screen.standardOutput.ranges(of: "== Slam Demo (Home) ==").count >= 2
        }) {
            try app.connection.press("increment")
            presses += 1
        }
        try app.runTask("push", param: "Settings")
        #expect(screen.waitForOutput(containing: "== Settings (Settings) =="))
        #expect(screen.waitUntil { screen.standardOutput.hasSuffix("[ Back ]\n") })
        let signal = SIGINT  // Ctrl-C: ChildProcess gives children default signal handling
        #expect(screen.stop(signal: signal) == 128 + signal)
        let output = screen.finish().standardOutput
        // Drawings are separated by an empty line (a stop may have cut one short after its separator).
        let frames = output.split(separator: "\n\n").map { $0.trimmingNewlines }.filter { !$0.isEmpty }
        #expect(frames.first == homeWireframe, "the first drawing is the screen at launch")
        #expect(frames.last == settingsWireframe, "the last drawing is the screen pushed last")
        let redrawnHome = frames.dropFirst().filter { $0.hasPrefix("== Slam Demo (Home) ==") }
        #expect(!redrawnHome.isEmpty && redrawnHome.allSatisfy { !$0.contains("Count: 0") && $0.contains("[ -1 ]") },
                "redraws after presses show the new count and the enabled -1 button: \(redrawnHome)")
        #expect(presses >= 1)
        #expect(!output.contains("\u{1B}"), "no terminal escapes when stdout is not a terminal")
    }

    // MARK: - call

    @Test func callPrintsTheResultAsJSON() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let ping = try slamctl("call", "ping", app: app)
        #expect(ping.status == 0)
        #expect(ping.standardOutput == "\"pong\"\n")
        let byName = try slamctl("call", "find", #"{"ref":"count"}"#, app: app)
        #expect(byName.status == 0)
        #expect(try byName.json() == ["type": "Label", "ref": "count", "role": "paragraph", "name": "Count: 0", "visible": true, "text": "Count: 0"])
        let byPosition = try slamctl("call", "press", #"["increment"]"#, app: app)
        #expect(try byPosition.json()["ref"] == "increment")
        #expect(try app.connection.find("count").text == "Count: 1")
    }

    @Test func callRefusesParamsThatAreNotAJSONObjectOrArray() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        for params in ["[1", "{ref: 1}", "5", "\"count\""] {
            let result = try slamctl("call", "find", params, app: app)
            #expect(result.status == 2, "\(params)")
            #expect(result.errorLines == ["slamctl: PARAMS must be a JSON object or array, not '\(params)'",
                                          "Usage: slamctl call METHOD [PARAMS]"])
        }
    }

    @Test func callReportsTheDaemonsErrorAndExitsOne() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let unknown = try slamctl("call", "nosuch", app: app)
        #expect(unknown.status == 1)
        #expect(unknown.standardOutput == "")
        #expect(unknown.errorLines == ["slamctl: error -32601: Method not found: 'nosuch'",
                                       "  data: {\"method\":\"nosuch\"}"])
        let mistyped = try slamctl("call", "find", #"{"ref":1}"#, app: app)
        #expect(mistyped.status == 1)
        #expect(mistyped.errorLines.first == "slamctl: error -32602: Invalid params: parameter 'ref' must be string or object, got integer")
    }
}

extension String {
    /// Without newlines at either end.
    var trimmingNewlines: String { Substring(self).trimmingNewlines }
}

extension Substring {
    /// Without newlines at either end.
    var trimmingNewlines: String {
        var text = self
        while text.first == "\n" { text = text.dropFirst() }
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
