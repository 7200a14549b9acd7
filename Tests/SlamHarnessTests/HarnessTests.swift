import Dispatch
import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamUI
#if canImport(Glibc)
import Glibc
#endif

/// The harness as a test author uses it: launch, drive fluently, wait, compare
/// with golden files, and leave nothing behind.
@Suite struct HarnessTests {
    static let goldenDirectory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Golden"

    @Test func launchedDaemonIsTornDownWithoutTrace() throws {
        var app: SlamApp? = try SlamApp.launch()
        let pid = try #require(app?.processIdentifier)
        let socketPath = app!.socketPath
        let directory = String(socketPath.prefix(upTo: socketPath.lastIndex(of: "/")!))
        #expect(kill(pid, 0) == 0, "slamd runs while the app is up")
        try app!.button("increment").press()
        #expect(try app!.label("count").text() == "Count: 1")

        #expect(app!.stop() == 0, "a clean SIGTERM stop exits 0")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "no stray slamd (and no zombie: it was reaped)")
        #expect(access(socketPath, F_OK) != 0, "the socket is removed")
        #expect(app!.stop() == 0, "stopping twice is harmless")
        app = nil
        #expect(access(directory, F_OK) != 0, "the temporary directory is removed once the app is released")
    }

    @Test func inProcessAppIsDrivenThroughTheSameProtocol() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let socketPath = app.socketPath
        #expect(app.processIdentifier == nil)
        try app.button("increment").press()
        try app.button("increment").press()
        try app.label("count").wait(text: "Count: 2", timeout: .seconds(30))
        try app.button("openSettings").press()
        #expect(try app.topController() == "Settings")
        try app.switch("wifi").press(false)
        try app.label("wifiStatus").wait(text: "Wi-Fi is off")
        #expect(app.stop() == 0)
        #expect(access(socketPath, F_OK) != 0, "the in-process daemon removed its socket")
        let directory = String(socketPath.prefix(upTo: socketPath.lastIndex(of: "/")!))
        #expect(access(directory, F_OK) != 0, "the harness removed the temporary directory and the lock file in it")
        // A second in-process daemon starts fresh after the first one stopped.
        let again = try SlamApp.inProcess { try DemoApp.makeApplication() }
        #expect(try again.label("count").text() == "Count: 0")
    }

    @Test func screensWrittenInSwiftAreTestableInProcess() throws {
        let app = try SlamApp.inProcess {
            final class Model: @unchecked Sendable { var saved = false }
            let model = Model()
            let status = Label(reference: "status")
            status.textDataSource = { model.saved ? "Saved" : "Unsaved" }
            let save = Button(reference: "save")
            save.text = "Save"
            save.autoUI = true
            save.pressActionBlock = { model.saved = true }
            let controller = try ViewController(identifier: "Editor", title: "Editor",
                                                view: View(reference: "root", subviews: [status, save]))
            let application = Application()
            application.push(controller)
            return application
        }
        #expect(try app.label("status").text() == "Unsaved")
        try app.button("save").press()
        let saved = try app.label("status").wait(text: "Saved")
        #expect(saved.text == "Saved")
    }

    @Test func typedHandlesRefuseAnElementOfAnotherType() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        #expect(throws: HarnessError.wrongType(reference: "count", expected: "Button", actual: "Label")) {
            try app.button("count").press()
        }
        #expect(throws: HarnessError.wrongType(reference: "increment", expected: "TextField", actual: "Button")) {
            try app.textField("increment").type("x")
        }
        #expect(try app.label("count").text() == "Count: 0", "the refused press did not happen")
        #expect(try app.element("count").snapshot().type == "Label", "an untyped handle takes any type")
        #expect(try app.element("nope").exists() == false)
        #expect(try app.label("count").exists())
        do {
            _ = try app.label("nope").text()
            Issue.record("reading a missing element succeeded")
        } catch ClientError.server(let error) {
            #expect(error.code == .elementNotFound)
            #expect(error.data?["ref"] == "nope")
        }
    }

    @Test func waitResolvesWhenAnotherClientChangesTheUI() throws {
        let app = try SlamApp.launch()
        let socketPath = app.socketPath
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            let other = try? SlamConnection(socketPath: socketPath)
            for _ in 0..<3 { _ = try? other?.press("increment") }
        }
        let snapshot = try app.label("count").wait(text: "Count: 3", timeout: .seconds(30))
        #expect(snapshot.text == "Count: 3")
        #expect(try app.label("goal").wait(until: .hidden, timeout: .zero)?.isVisible == false)
    }

    @Test func waitThatTimesOutReportsTheLastSnapshot() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        do {
            try app.label("count").wait(text: "Count: 9", timeout: .milliseconds(100))
            Issue.record("the wait succeeded")
        } catch ClientError.server(let error) {
            #expect(error.code == .waitTimedOut)
            #expect(error.data?["snapshot"]?["text"] == "Count: 0")
            #expect(error.data?["timeoutMs"] == 100)
        }
    }

    @Test func treeMatchesTheCommittedGoldenFile() throws {
        let app = try SlamApp.launch()
        try app.expectTree(matchesGoldenFile: Self.goldenDirectory + "/demo-home.json")
        guard !GoldenFile.isUpdating else { return }  // recording: nothing to compare with
        try app.button("increment").press()
        do {
            try app.expectTree(matchesGoldenFile: Self.goldenDirectory + "/demo-home.json")
            Issue.record("a changed tree matched the golden file")
        } catch let HarnessError.goldenMismatch(_, line, expected, actual) {
            #expect(expected.contains("Count: 0"), "line \(line)")
            #expect(actual.contains("Count: 1"))
        }
    }

    @Test func missingGoldenFileSaysHowToRecordIt() throws {
        guard !GoldenFile.isUpdating else { return }
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let path = Self.goldenDirectory + "/does-not-exist.json"
        #expect(throws: HarnessError.goldenMissing(path: path)) {
            try app.expectTree(matchesGoldenFile: path)
        }
        #expect(HarnessError.goldenMissing(path: path).description.contains("SLAM_UPDATE_GOLDEN=1"))
    }

    @Test func storyboardGivenAsTextIsHostedAndItsFileRemoved() throws {
        var app: SlamApp? = try SlamApp.launch(storyboardText: """
            {"initial": "Only", "controllers": [{"id": "Only", "title": "Only", "view":
              {"type": "View", "ref": "root", "children": [
                {"type": "Switch", "ref": "flag", "isOn": false},
                {"type": "Button", "ref": "next", "text": "Next", "task": "push", "param": "Only"}]}}]}
            """)
        try app!.switch("flag").press()
        #expect(try app!.switch("flag").property("isOn") == true)
        try app!.button("next").press()
        #expect(try app!.controllerStack() == ["Only", "Only"])
        let socketPath = app!.socketPath
        app = nil
        #expect(access(socketPath, F_OK) != 0)
    }

    @Test func badStoryboardFailsTheLaunchWithTheJSONPath() throws {
        do {
            _ = try SlamApp.launch(storyboardText: #"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "Lable"}}]}"#)
            Issue.record("a bad storyboard launched")
        } catch let error as DaemonProcess.LaunchError {
            #expect(error.description.contains("$.controllers[0].view"), "\(error)")
        }
    }

    @Test func inProcessLaunchFailureIsReported() throws {
        struct Broken: Error {}
        #expect(throws: HarnessError.self) {
            _ = try SlamApp.inProcess { throw Broken() }
        }
    }
}

/// One test, two hosts: what a test author writes once runs against a launched
/// `slamd` and against the same app served in process.
@Suite struct SameTestBothWaysTests {
    enum Host: String, CaseIterable, Sendable {
        case launched, inProcess

        func start() throws -> SlamApp {
            switch self {
            case .launched: try SlamApp.launch()
            case .inProcess: try SlamApp.inProcess { try DemoApp.makeApplication() }
            }
        }
    }

    @Test(arguments: Host.allCases)
    func shoppingListScenario(host: Host) throws {
        let app = try host.start()
        try app.button("openList").press()
        let rowsBefore = try app.table("items").property("items")?.arrayValue ?? []
        #expect(try app.button("add").isEnabled() == false, "nothing typed yet")
        try app.textField("newItem").setText("Tea")
        try app.button("add").wait(until: .enabled, timeout: .seconds(30))
        try app.button("add").press()
        try app.table("items").wait(property: "items", equals: .array(rowsBefore + ["Tea"]), timeout: .seconds(30))
        #expect(try app.textField("newItem").text() == "", "the field is cleared after adding")
        try app.button("back").press()
        #expect(try app.controllerStack() == ["Home"])
        #expect(app.stop() == 0)
    }
}
