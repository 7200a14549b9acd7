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

/// `slamctl state`: list the shared state, print one value, set one; and
/// `watch` showing `stateChanged`. Mostly on the storyboard-only example app,
/// whose elements are bound to its keys.
@Suite(.timeLimit(.minutes(10))) struct StateCommandTests {
    static let storyboard = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/") + "/Examples/counter-and-todos.storyboard.json"

    static func launchExample() throws -> SlamApp {
        try SlamApp.launch(storyboard: storyboard)
    }

    @Test func listingPrintsOneKeyEqualsCompactJSONLinePerKeySorted() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        let human = try slamctl("state", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["count = 0", "draft = \"\"", "selected = null", "todos = [\"Buy milk\"]", "wifi = true"])
        let json = try slamctl("state", "--json", app: app)
        #expect(json.status == 0)
        #expect(try json.json() == ["values": ["count": 0, "draft": "", "selected": .null, "todos": ["Buy milk"], "wifi": true]])
    }

    @Test func gettingPrintsTheValueAsCompactJSON() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        #expect(try slamctl("state", "count", app: app).standardOutput == "0\n")
        #expect(try slamctl("state", "todos", app: app).standardOutput == "[\"Buy milk\"]\n")
        #expect(try slamctl("state", "draft", app: app).standardOutput == "\"\"\n")
        #expect(try slamctl("state", "count", "--json", app: app).json() == ["key": "count", "value": 0])
    }

    @Test func settingParsesJSONElseTakesAStringAndPrintsWhatChanged() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        let set = try slamctl("state", "count", "5", app: app)
        #expect(set.status == 0)
        #expect(set.lines == ["count"])
        #expect(try app.state("count") == 5, "5 is JSON: a number")
        #expect(try app.label("count").text() == "Count: 5", "bound elements updated before the reply")
        let again = try slamctl("state", "count", "5", app: app)
        #expect(again.status == 0)
        #expect(again.standardOutput == "", "an equal value changes nothing")

        #expect(try slamctl("state", "draft", "Call Ada", app: app).lines == ["draft"])
        #expect(try app.state("draft") == "Call Ada", "not JSON: taken as a string")
        #expect(try slamctl("state", "draft", "\"42\"", app: app).status == 0)
        #expect(try app.state("draft") == "42", "a JSON string stays a string")
        #expect(try slamctl("state", "todos", #"["a",{"b":null}]"#, app: app).status == 0)
        #expect(try app.state("todos") == ["a", ["b": .null]])
        #expect(try slamctl("state", "wifi", "false", "--json", app: app).json() == ["changed": ["wifi"]])
        #expect(try app.state("wifi") == false)
    }

    @Test func aCountingStepperWritesAnIntegerThatStateAndTheWireframeShowAsOne() throws {
        let directory = try DaemonProcess.makeTemporaryDirectory()
        let path = directory + "/split.storyboard.json"
        let file = try #require(fopen(path, "w"))
        fputs(#"""
            {"initial": "Split", "state": {"people": 1}, "controllers": [{"id": "Split", "title": "Split", "view": {"type": "View", "ref": "root", "children": [
              {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 20, "bind": {"value": "people"}},
              {"type": "Label", "ref": "ways", "bind": {"text": "Split {people} ways"}}]}}]}
            """#, file)
        fclose(file)
        let app = try SlamApp.launch(storyboard: path)
        defer { app.stop() }
        #expect(try slamctl("press", "people", "increment", app: app).status == 0)
        #expect(try slamctl("state", "people", app: app).standardOutput == "2\n", "an integer, not 2.0")
        let screen = try slamctl("screen", app: app)
        #expect(screen.lines.contains("Split 2 ways"), "\(screen.lines)")
        #expect(screen.lines.contains { $0.contains("[-] 2 [+]") }, "\(screen.lines)")
    }

    @Test func aValueThatStartsLikeJSONButIsNotIsRefusedUnlessGivenAsAString() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        for broken in ["[broken", #"{"a":1"#, #""unterminated"#, " [1,2"] {
            let refused = try slamctl("state", "draft", broken, app: app)
            #expect(refused.status == 2, "\(broken): \(refused)")
            #expect(refused.errorLines.first?.hasPrefix("slamctl: VALUE starts like JSON (") == true, "\(refused)")
            #expect(refused.errorLines.first?.hasSuffix("fix it, or add --string to store it as text") == true)
            #expect(try app.state("draft") == "", "nothing was set")
        }
        #expect(try slamctl("state", "draft", "[broken", "--string", app: app).lines == ["draft"])
        #expect(try app.state("draft") == "[broken")
        #expect(try slamctl("state", "draft", "5", "--string", app: app).status == 0)
        #expect(try app.state("draft") == "5", "--string keeps even valid JSON as text")
        for text in ["12abc", "2026-12-24", "-"] {
            #expect(try slamctl("state", "draft", text, app: app).status == 0)
            #expect(try app.state("draft") == .string(text), "text that starts like a number is a string")
        }
        #expect(try slamctl("state", "draft", "--string", app: app).status == 2, "--string needs a VALUE")
    }

    @Test func anUnknownKeyExitsOneWithTheCodeAndData() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        let result = try slamctl("state", "nope", app: app)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.errorLines.first?.hasPrefix("slamctl: error -32011: ") == true)
        #expect(result.errorLines.contains("  data: {\"key\":\"nope\"}"))
        let surplus = try slamctl("state", "count", "1", "2", app: app)
        #expect(surplus.status == 2, "a third word is a usage error")
        #expect(surplus.errorLines.last == "Usage: slamctl state [KEY] [VALUE] [--string]")
    }

    @Test func theDemosTodosAreStateAUserPressWrites() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        #expect(try slamctl("task", "push", "Todos", app: app).lines == ["ran push Todos; top: Todos"])
        #expect(try slamctl("press", "t1/done", app: app).status == 0)
        let todos = try slamctl("state", "todos", app: app)
        #expect(todos.status == 0)
        #expect(try todos.json() == [["done": true, "id": "t1", "title": "Buy milk"],
                                     ["done": true, "id": "t2", "title": "Walk the dog"]])
    }

    @Test func watchPrintsEachChangedKeyBeforeTheElementsItChanged() throws {
        let app = try Self.launchExample()
        defer { app.stop() }
        let watcher = try SlamctlProcess(["watch"], app: app)
        try prime(watcher, app)
        try app.setState(["count": 3, "wifi": false])
        #expect(watcher.waitForOutput(containing: "changed Home: Label wifiStatus"))
        #expect(watcher.stop(signal: SIGINT) == 128 + SIGINT)
        let result = watcher.finish()
        let lines = result.lines.filter { !$0.contains("primer") }
        #expect(lines.prefix(2).sorted() == ["stateChanged count = 3", "stateChanged wifi = false"], "\(result)")
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("changed Home: ") }, "\(result)")
        #expect(lines.contains("changed Home: Label count \"Count: 3\""))
        #expect(result.standardError == "")
    }

    /// Writes the key `primer` until `watcher` prints it: from then on it is subscribed.
    private func prime(_ watcher: SlamctlProcess, _ app: SlamApp) throws {
        for attempt in 0..<200 {
            try app.setState("primer", .integer(Int64(attempt)))
            if watcher.waitForOutput(containing: "stateChanged primer = \(attempt)", timeoutSeconds: 0.05) { return }
        }
        Issue.record("slamctl never printed a stateChanged event: \(watcher.standardError)")
    }
}
