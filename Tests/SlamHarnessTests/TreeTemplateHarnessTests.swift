import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON

/// Tree templates in the harness: `expectTree` on the app and on handles, and
/// golden template files (partial trees) that fail with the readable diff.
@Suite struct TreeTemplateHarnessTests {
    static let templatePath = HarnessTests.goldenDirectory + "/demo-home.template.json"

    @Test func aGoldenTemplateFileMatchesAndThenFailsWithTheDiff() throws {
        let app = try SlamApp.launch()
        let tree = try app.expectTree(matchesTemplateFile: Self.templatePath)
        #expect(tree.reference == "root" && tree.children.count == 6, "the whole tree comes back")
        try app.button("increment").press()
        do {
            try app.expectTree(matchesTemplateFile: Self.templatePath, timeout: .milliseconds(100))
            Issue.record("a changed tree matched the template")
        } catch let error as HarnessError {
            #expect(error.description == """
                the tree does not match \(Self.templatePath):
                root > children: no child after [0] matches {ref: "count", text: /^Count: 0$/}
                  closest: root > children[1] (ref "count", Label) > text: expected /^Count: 0$/, got "Count: 1"
                root > children: no child after [0] matches {ref: "counterButtons", axis: "horizontal", children: [2 elements]}
                  closest: root > children[4] (ref "counterButtons", View) > children: no child after [0] matches {type: "Button", text: "-1", enabled: false}
                    closest: root > children[4] (ref "counterButtons", View) > children[1] (ref "decrement", Button) > enabled: expected false, got true
                """)
            guard case let .treeMismatch(template, diff) = error else { throw error }
            #expect(template == Self.templatePath && diff.mismatches.count == 2)
        }
    }

    @Test func expectTreeWaitsForAChangeMadeByAnotherClient() throws {
        let app = try SlamApp.launch()
        let other = try app.connect()
        let pressed = DispatchSemaphore(value: 0)
        let socketPath = app.socketPath
        Thread.detachNewThread {
            usleep(100_000)
            _ = try? SlamConnection(socketPath: socketPath).press("increment")
            pressed.signal()
        }
        let tree = try app.expectTree(["children": [["ref": "count", "text": "Count: 1"]]], timeout: .seconds(10))
        #expect(tree.children[1].text == "Count: 1")
        pressed.wait()
        #expect(try other.find("count").text == "Count: 1")
    }

    @Test func handlesMatchTheirOwnTreeStrictlyOrNot() throws {
        let app = try SlamApp.launch()
        let buttons = app.view("counterButtons")
        try buttons.expectTree(["children": [["text": "+1"], ["text": "Reset"]]], timeout: .zero)
        try buttons.expectTree(["children": [["text": "+1"], ["text": "-1"], ["text": "Reset"]]], strict: true, timeout: .zero)
        let error = #expect(throws: HarnessError.self) {
            try buttons.expectTree(["children": [["text": "+1"], ["text": "Reset"]]], strict: true, timeout: .zero)
        }
        #expect(error?.description == """
            the tree does not match the template:
            root > children: expected 2 children (strict), got 3
            root > children[1] (ref "decrement", Button) > text: expected "Reset", got "-1"
            """)
        #expect(throws: HarnessError.wrongType(reference: "counterButtons", expected: "Button", actual: "View")) {
            try app.button("counterButtons").expectTree([:], timeout: .zero)
        }
        do {
            try app.view("nowhere").expectTree([:], timeout: .zero)
            Issue.record("an element not on screen matched")
        } catch ClientError.server(let error) {
            #expect(error.code == .waitTimedOut && error.message.contains("'nowhere' was not on screen"))
        }
    }

    @Test func malformedAndMissingTemplateFilesSayWhatIsWrong() throws {
        guard !GoldenFile.isUpdating else { return }
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slam-templates-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let malformed = directory + "/bad.template.json"
        try #"{"children": [{"text": "/[/"}]}"#.write(toFile: malformed, atomically: true, encoding: .utf8)
        do {
            try app.expectTree(matchesTemplateFile: malformed)
            Issue.record("a malformed template was used")
        } catch HarnessError.invalidTemplate(let path, let reason) {
            #expect(path == malformed && reason.hasPrefix("$.children[0].text: /[/ is not a valid regular expression"))
        }
        let notJSON = directory + "/not-json.template.json"
        try "{children: []}".write(toFile: notJSON, atomically: true, encoding: .utf8)
        #expect(throws: HarnessError.self) { try app.expectTree(matchesTemplateFile: notJSON) }
        let missing = directory + "/missing.template.json"
        #expect(throws: HarnessError.goldenMissing(path: missing)) { try app.expectTree(matchesTemplateFile: missing) }
        #expect(throws: TreeTemplate.FormatError.self) { try app.expectTree(["children": "none"]) }
    }
}
