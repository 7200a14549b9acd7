#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// One controller "Home" whose root has `children`, an optional `state` and `alerts`, and a second controller "Settings".
func checkedStoryboard(_ children: String, state: String = "{}", alerts: String = "[]") throws -> Storyboard {
    try Storyboard(bytes: Array(#"""
        {"initial": "Home", "state": \#(state), "alerts": \#(alerts), "controllers": [
          {"id": "Home", "view": {"type": "View", "ref": "root", "children": [\#(children)]}},
          {"id": "Settings", "view": {"type": "View", "ref": "root"}}]}
        """#.utf8))
}

@Suite struct StoryboardCheckTests {
    func diagnostics(_ children: String, state: String = "{}", alerts: String = "[]",
                     host: StoryboardCheck.Host = .storyboardOnly, strict: Bool = false) throws -> [StoryboardDiagnostic] {
        StoryboardCheck(host: host, strict: strict).diagnostics(of: try checkedStoryboard(children, state: state, alerts: alerts))
    }

    @Test func aCleanStoryboardHasNoDiagnostics() throws {
        #expect(try diagnostics(#"""
            {"type": "Label", "ref": "count", "bind": {"text": "Count: {count}"}},
            {"type": "Button", "ref": "plus", "text": "Plus", "task": "increment", "param": "count"},
            {"type": "Button", "ref": "open", "text": "Open", "task": "push", "param": "Settings"},
            {"type": "Button", "ref": "sure", "text": "Sure", "task": "alert", "param": "sure"},
            {"type": "Button", "ref": "web", "text": "Web", "task": "url", "param": "https://www.swift.org"},
            {"type": "Button", "ref": "back", "text": "Back", "task": "pop"}
            """#, state: #"{"count": 0}"#, alerts: #"[{"id": "sure", "title": "Sure?", "buttons": [{"title": "OK", "task": "set", "param": "count=0"}]}]"#) == [])
    }

    @Test func anUnknownTaskIsAWarningWithTheNearestTask() throws {
        let found = try diagnostics(#"{"type": "Button", "ref": "plus", "text": "Plus", "task": "incremnt", "param": "count"}"#, state: #"{"count": 0}"#)
        #expect(found == [StoryboardDiagnostic(severity: .warning, path: "$.controllers[0].view.children[0].task",
                                               problem: .unknownTask(name: "incremnt"), suggestions: ["increment"])])
        #expect(found[0].description == "$.controllers[0].view.children[0].task: warning: unknown task 'incremnt' "
                + "(a press fails unless a client runs it: tasks.register, slamctl serve-task); did you mean 'increment'?")
    }

    @Test func aTaskTheHostRegisteredIsKnown() throws {
        let application = Application()
        application.addTask(name: "resetCounter") { _ in }
        #expect(try diagnostics(#"{"type": "Button", "ref": "reset", "text": "Reset", "task": "resetCounter"}"#, host: .init(application: application)) == [])
        #expect(try diagnostics(#"{"type": "Button", "ref": "reset", "text": "Reset", "task": "resetCounter"}"#).map(\.severity) == [.warning])
    }

    @Test func aTaskTheStoryboardSaysAClientSuppliesIsKnownAndATypoOfItIsNot() throws {
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial": "Home", "clientTasks": ["checkout", "push"], "controllers": [
              {"id": "Home", "view": {"type": "View", "ref": "root", "children": [
                {"type": "Button", "ref": "pay", "text": "Pay", "task": "checkout"},
                {"type": "Button", "ref": "typo", "text": "Typo", "task": "chekout"}]}}]}
            """#.utf8))
        #expect(storyboard.clientTasks == ["checkout", "push"])
        let found = StoryboardCheck(host: .storyboardOnly, strict: true).diagnostics(of: storyboard)
        #expect(found.map(\.path) == ["$.clientTasks[1]", "$.controllers[0].view.children[1].task"], "\(found)")
        #expect(found.first?.problem == .clientTaskTaken(name: "push"))
        #expect(found.last?.suggestions == ["checkout"])
    }

    @Test func clientTasksMustBeAnArrayOfNames() throws {
        #expect(throws: StoryboardError.self) {
            _ = try Storyboard(bytes: Array(#"{"initial": "A", "clientTasks": "checkout", "controllers": [{"id": "A", "view": {"type": "View"}}]}"#.utf8))
        }
        #expect(throws: StoryboardError.self) {
            _ = try Storyboard(bytes: Array(#"{"initial": "A", "clientTasks": [""], "controllers": [{"id": "A", "view": {"type": "View"}}]}"#.utf8))
        }
    }

    @Test func pushingAScreenThatIsNotDeclaredIsAnErrorWithTheNearestScreen() throws {
        let found = try diagnostics(#"{"type": "Button", "ref": "open", "text": "Open", "task": "push", "param": "Setings"}"#)
        #expect(found == [StoryboardDiagnostic(severity: .error, path: "$.controllers[0].view.children[0].param",
                                               problem: .undeclaredController(identifier: "Setings", declared: ["Home", "Settings"]),
                                               suggestions: ["Settings"])])
        #expect(found[0].message == "'push' opens 'Setings', which is not a declared controller; declared: Home, Settings; did you mean 'Settings'?")
    }

    @Test func aScreenTheHostRegisteredCanBePushed() throws {
        let application = Application()
        application.registerController(identifier: "Todos") { () throws(SlamError) in try ViewController(identifier: "Todos", view: View(reference: "root")) }
        #expect(try diagnostics(#"{"type": "Button", "ref": "open", "text": "Open", "task": "push", "param": "Todos"}"#, host: .init(application: application)) == [])
    }

    @Test func anAlertThatIsNotDeclaredIsAnError() throws {
        let found = try diagnostics(#"{"type": "Button", "ref": "sure", "text": "Sure", "task": "alert", "param": "confrim"}"#,
                                    alerts: #"[{"id": "confirm", "title": "Sure?", "buttons": [{"title": "OK"}]}]"#)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.problem == .undeclaredAlert(identifier: "confrim", declared: ["confirm"]))
        #expect(found.first?.suggestions == ["confirm"])
    }

    @Test func alertButtonsAreCheckedLikeElements() throws {
        let found = try diagnostics("", alerts: #"[{"id": "sure", "title": "Sure?", "buttons": [{"title": "OK"}, {"title": "Go", "task": "push", "param": "Nowhere"}]}]"#)
        #expect(found.map(\.path) == ["$.alerts[0].buttons[1].param"])
        #expect(found.map(\.severity) == [.error])
    }

    @Test(arguments: [
        (#"{"type": "Button", "ref": "b", "text": "B", "task": "push"}"#, "$.controllers[0].view.children[0].task", "'push' cannot run: its param must be the id of a controller"),
        (#"{"type": "Button", "ref": "b", "text": "B", "task": "set", "param": "count"}"#, "$.controllers[0].view.children[0].param",
         "'set' cannot run: its param is key=value, got \"count\""),
        (#"{"type": "Button", "ref": "b", "text": "B", "task": "toggle"}"#, "$.controllers[0].view.children[0].task",
         "'toggle' cannot run: it needs a param (see the built-in state tasks)"),
    ])
    func aBuiltInTasksParamItAlwaysRefusesIsAnError(child: String, path: String, message: String) throws {
        let found = try diagnostics(child, state: #"{"count": 0}"#)
        #expect(found.map(\.path) == [path])
        #expect(found.map(\.severity) == [.error])
        #expect(found.map(\.message) == [message])
    }

    @Test func aStateKeyNothingSetsIsAnErrorWhenNoSwiftRuns() throws {
        let found = try diagnostics(#"{"type": "Label", "ref": "count", "bind": {"text": "Count: {cont}"}}"#, state: #"{"count": 0}"#)
        #expect(found == [StoryboardDiagnostic(severity: .error, path: "$.controllers[0].view.children[0].bind.text",
                                               problem: .undeclaredStateKey(key: "cont", writtenAt: nil, swiftMaySetIt: false),
                                               suggestions: ["count"])])
        #expect(found[0].message == "state key 'cont' is not declared in 'state' and nothing in the storyboard sets it "
                + "(declare it there; null will do); did you mean 'count'?")
    }

    @Test func keysInATasksParamAreReadToo() throws {
        let found = try diagnostics(#"""
            {"type": "Button", "ref": "add", "text": "Add", "task": "append", "param": "todos={draf}"},
            {"type": "TextField", "ref": "draft", "label": "Draft", "bind": {"text": "draft"}}
            """#, state: #"{"todos": []}"#)
        #expect(found.map(\.path) == ["$.controllers[0].view.children[0].param", "$.controllers[0].view.children[1].bind.text"])
        #expect(found.map(\.severity) == [.error, .warning])
        #expect(found.first?.problem == .undeclaredStateKey(key: "draf", writtenAt: nil, swiftMaySetIt: false))
        #expect(found.first?.suggestions == ["draft"], "a key the storyboard sets counts as known")
    }

    @Test func aKeyATaskSetsIsAWarningNamingTheTask() throws {
        let found = try diagnostics(#"""
            {"type": "Label", "ref": "mode", "bind": {"text": "Mode: {mode}"}},
            {"type": "Button", "ref": "dark", "text": "Dark", "task": "set", "param": "mode=dark"}
            """#)
        #expect(found == [StoryboardDiagnostic(severity: .warning, path: "$.controllers[0].view.children[0].bind.text",
                                               problem: .undeclaredStateKey(key: "mode", writtenAt: "$.controllers[0].view.children[1].param",
                                                                            swiftMaySetIt: false))])
        #expect(found[0].message == "state key 'mode' is not declared in 'state': it reads as nothing until $.controllers[0].view.children[1].param sets it")
    }

    @Test func aKeyAControlWritesBackIsAWarning() throws {
        let found = try diagnostics(#"""
            {"type": "TextField", "ref": "name", "label": "Name", "bind": {"text": "name"}},
            {"type": "Label", "ref": "greeting", "bind": {"text": "Hello, {name}", "visible": "flag"}},
            {"type": "Switch", "ref": "wifi", "label": "Wifi", "bind": {"enabled": "allowed", "isOn": "wifiOn"}},
            {"type": "Button", "ref": "go", "bind": {"text": "buttonTitle"}},
            {"type": "SingleItemTableView", "ref": "rows", "label": "Rows", "bind": {"items": "rowTexts", "selectedRow": "picked"}}
            """#)
        #expect(found.map(\.severity) == [.warning, .warning, .error, .error, .warning, .error, .error, .warning])
        #expect(found.map(\.path) == ["$.controllers[0].view.children[0].bind.text", "$.controllers[0].view.children[1].bind.text",
                                      "$.controllers[0].view.children[1].bind.visible", "$.controllers[0].view.children[2].bind.enabled",
                                      "$.controllers[0].view.children[2].bind.isOn", "$.controllers[0].view.children[3].bind.text",
                                      "$.controllers[0].view.children[4].bind.items", "$.controllers[0].view.children[4].bind.selectedRow"],
                "a label writes nothing back, nor a control's enabling, a button's text or a table's rows; a switch's isOn and a selection do")
    }

    @Test func anUndeclaredKeyIsAWarningWhenSwiftMaySetIt() throws {
        let found = try diagnostics(#"{"type": "Label", "ref": "count", "bind": {"text": "Count: {count}"}}"#, host: .init(application: Application()))
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message == "state key 'count' is not declared in 'state': it reads as nothing unless Swift code sets it")
    }

    @Test func aKeyTheHostHoldsIsDeclared() throws {
        let application = Application()
        application.state["todos"] = ["Milk"]
        #expect(try diagnostics(#"{"type": "SingleItemTableView", "ref": "list", "label": "List", "bind": {"items": "todos"}}"#,
                                host: .init(application: application, runsSwiftCode: false)) == [])
    }

    @Test func strictMakesEveryWarningAnError() throws {
        let children = #"{"type": "Button", "ref": "b", "text": "B", "task": "resetCounter"}, {"type": "Label", "ref": "l", "bind": {"text": "{mode}"}}, {"type": "Button", "ref": "d", "text": "D", "task": "set", "param": "mode=dark"}"#
        #expect(try diagnostics(children).map(\.severity) == [.warning, .warning])
        let strict = try diagnostics(children, strict: true)
        #expect(strict.map(\.severity) == [.error, .error])
        #expect(strict.map(\.path) == (try diagnostics(children)).map(\.path))
    }

    @Test func findingsComeInDocumentOrder() throws {
        let found = try diagnostics(#"""
            {"type": "Label", "ref": "a", "bind": {"text": "{one}"}},
            {"type": "View", "ref": "box", "children": [{"type": "Button", "ref": "b", "text": "B", "task": "nope"}]},
            {"type": "Label", "ref": "c", "bind": {"text": "{two}"}}
            """#, alerts: #"[{"id": "x", "title": "X", "buttons": [{"title": "Go", "task": "push", "param": "Nowhere"}]}]"#)
        #expect(found.map(\.path) == ["$.controllers[0].view.children[0].bind.text", "$.controllers[0].view.children[1].children[0].task",
                                      "$.controllers[0].view.children[2].bind.text", "$.alerts[0].buttons[0].param"])
    }

    @Test func theStoryboardOnlyExampleChecksClean() throws {
        let storyboard = try Storyboard.read(contentsOf: repositoryRoot + "/Examples/counter-and-todos.storyboard.json")
        #expect(StoryboardCheck(host: .storyboardOnly, strict: true).diagnostics(of: storyboard) == [])
        let order = try Storyboard.read(contentsOf: repositoryRoot + "/clients/flows/order.storyboard.json")
        #expect(StoryboardCheck(host: .storyboardOnly, strict: true).diagnostics(of: order) == [])
    }

    /// The demo's storyboard leans on its Swift: without it, `resetCounter` is unknown and `Todos` cannot be pushed.
    @Test func theDemoStoryboardAloneNamesWhatOnlyItsSwiftProvides() throws {
        let storyboard = try Storyboard.read(contentsOf: repositoryRoot + "/Sources/SlamDemo/Resources/demo.storyboard.json")
        let found = StoryboardCheck(host: .storyboardOnly).diagnostics(of: storyboard)
        #expect(found.map(\.problem) == [.unknownTask(name: "resetCounter"),
                                         .undeclaredController(identifier: "Todos", declared: ["Home", "Settings", "List", "About", "Display", "Pickers"])])
        #expect(found.map(\.severity) == [.warning, .error])
    }
}

@Suite struct StoryboardLoadCheckTests {
    /// A new file holding `text` (the caller removes it).
    func file(_ text: String) throws -> String {
        let path = "/tmp/slam-check-\(UInt64.random(in: 0...UInt64.max)).json"
        let stream = try #require(fopen(path, "w"))
        fputs(text, stream)
        fclose(stream)
        return path
    }

    let withWarning = #"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "Button", "ref": "b", "text": "B", "task": "later"}}]}"#
    let withError = #"{"initial": "Home", "controllers": [{"id": "Home", "view": {"type": "Button", "ref": "b", "text": "B", "task": "push", "param": "Elsewhere"}}]}"#

    @Test func aStoryboardWithAWarningLoadsAndHandsTheWarningOver() throws {
        let path = try file(withWarning)
        defer { remove(path) }
        var warnings: [String] = []
        let application = try Storyboard.makeApplication(contentsOf: path) { warnings.append($0.formatted(file: "f.json")) }
        #expect(application.topController?.identifier == "A")
        #expect(warnings == ["f.json:$.controllers[0].view.task: warning: unknown task 'later' (a press fails unless a client runs it: tasks.register, slamctl serve-task)"])
    }

    @Test func strictRefusesAStoryboardWithAWarning() throws {
        let path = try file(withWarning)
        defer { remove(path) }
        #expect {
            _ = try Storyboard.makeApplication(contentsOf: path, strict: true)
        } throws: { error in
            guard case .failedCheck(_, let errors) = error as? Storyboard.LoadError else { return false }
            return errors.map(\.severity) == [.error]
        }
    }

    @Test func aStoryboardWithAnErrorIsRefusedWithItsPath() throws {
        let path = try file(withError)
        defer { remove(path) }
        #expect {
            _ = try Storyboard.makeApplication(contentsOf: path)
        } throws: { error in
            "\(error)" == "\(path):$.controllers[0].view.param: error: 'push' opens 'Elsewhere', which is not a declared controller; declared: Home"
        }
    }

    @Test func theFileCheckPrintsEachFindingAndASummary() throws {
        let path = try file(#"""
            {"initial": "Home", "state": {"count": 0}, "controllers": [
              {"id": "Home", "view": {"type": "View", "ref": "root", "children": [
                {"type": "Button", "ref": "plus", "text": "Plus", "task": "incremnt", "param": "count"},
                {"type": "Button", "ref": "open", "text": "Open", "task": "push", "param": "Setings"}]}},
              {"id": "Settings", "view": {"type": "View", "ref": "root"}}]}
            """#)
        defer { remove(path) }
        let check = StoryboardFileCheck(path: path)
        #expect(check.lines == [
            "\(path):$.controllers[0].view.children[0].task: warning: unknown task 'incremnt' (a press fails unless a client runs it: tasks.register, slamctl serve-task); did you mean 'increment'?",
            "\(path):$.controllers[0].view.children[1].param: error: 'push' opens 'Setings', which is not a declared controller; declared: Home, Settings; did you mean 'Settings'?",
            "\(path): 1 error, 1 warning",
        ])
        #expect(!check.passed)
    }

    @Test func warningsAlonePassUnlessStrict() throws {
        let path = try file(withWarning)
        defer { remove(path) }
        #expect(StoryboardFileCheck(path: path).passed)
        #expect(StoryboardFileCheck(path: path).lines.last == "\(path): 1 warning")
        #expect(!StoryboardFileCheck(path: path, strict: true).passed)
        #expect(StoryboardFileCheck(path: path, strict: true).lines.last == "\(path): 1 error")
    }

    /// Reading stops at its first mistake: a duplicate reference names both places, a wrong type what was expected.
    @Test(arguments: [
        (#"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "View", "ref": "root", "children": [{"type": "Label", "ref": "x"}, {"type": "Button", "ref": "x", "text": "X"}]}}]}"#,
         "$.controllers[0].view.children[1].ref: error: duplicate reference 'x'; first used at $.controllers[0].view.children[0].ref"),
        (#"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "Switch", "ref": "s", "label": "S", "isOn": "yes"}}]}"#,
         "$.controllers[0].view.isOn: error: 'isOn' must be a boolean, got string"),
        (#"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "Buton", "ref": "b"}}]}"#,
         "$.controllers[0].view.type: error: unknown element type 'Buton'; known types: ActivityIndicator, Button, CollectionView, DatePicker, Label, PageControl, PickerView, ProgressView, SectionedTableView, SegmentedControl, SingleItemTableView, Slider, Stepper, Switch, TextField, TextView, View, WebView; did you mean 'Button'?"),
    ])
    func whatReadingRefusesIsOneError(text: String, line: String) throws {
        let path = try file(text)
        defer { remove(path) }
        let check = StoryboardFileCheck(path: path)
        #expect(check.lines == ["\(path):\(line)", "\(path): 1 error"])
    }

    @Test func anUnreadableFileIsOneError() {
        let check = StoryboardFileCheck(path: "/nonexistent/app.json")
        #expect(check.lines == ["/nonexistent/app.json: error: cannot read the file: No such file or directory", "/nonexistent/app.json: 1 error"])
        #expect(StoryboardFileCheck(path: "/").lines.first == "/: error: cannot read the file: Is a directory")
        #expect(!check.passed)
    }

    @Test func aCleanFileSaysSo() {
        let path = repositoryRoot + "/Examples/counter-and-todos.storyboard.json"
        #expect(StoryboardFileCheck(path: path, strict: true).lines == ["\(path): no problems"])
    }
}
