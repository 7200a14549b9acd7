import SlamClient
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamMCP
import SlamStoryboard
import SlamUI
import Testing

/// The screen tools on large screens: answers stay bounded, and how long they take end to end.
@Suite struct LargeScreenToolsTests {
    /// A screen of `elements` elements (a root and groups of eight leaves: labels, buttons, switches,
    /// text fields), and a screen with a list of `rows` rows.
    static func storyboard(elements: Int, rows: Int) -> [UInt8] {
        var leaves: [String] = []
        var remaining = elements - 1
        var group = 0
        while remaining > 0 {
            var children: [String] = []
            remaining -= 1
            for leaf in 0..<8 where remaining > 0 {
                let reference = "g\(group)e\(leaf)"
                let element = switch leaf % 4 {
                case 0: #"{"type":"Label","ref":"\#(reference)","text":"Label \#(reference)"}"#
                case 1: #"{"type":"Button","ref":"\#(reference)","text":"Open \#(reference)"}"#
                case 2: #"{"type":"Switch","ref":"\#(reference)","isOn":true,"autoUI":true,"label":"Switch \#(reference)"}"#
                default: #"{"type":"TextField","ref":"\#(reference)","placeholder":"Enter \#(reference)"}"#
                }
                children.append(element)
                remaining -= 1
            }
            leaves.append(#"{"type":"View","ref":"g\#(group)","children":[\#(children.joined(separator: ","))]}"#)
            group += 1
        }
        let items = (0..<rows).map { "\"Row \($0)\"" }.joined(separator: ",")
        let text = #"{"initial":"Large","controllers":["#
            + #"{"id":"Large","title":"\#(elements) elements","view":{"type":"View","ref":"root","children":[\#(leaves.joined(separator: ","))]}},"#
            + #"{"id":"Rows","title":"Rows","view":{"type":"View","ref":"root","children":[{"type":"SingleItemTableView","ref":"rows","label":"Rows","items":[\#(items)]}]}}"#
            + "]}"
        return Array(text.utf8)
    }

    static func app(elements: Int = 1_000, rows: Int = 1_000) throws -> SlamApp {
        let bytes = storyboard(elements: elements, rows: rows)
        return try SlamApp.inProcess {
            let application = Application()
            let storyboard = try Storyboard(bytes: bytes)
            storyboard.install(in: application)
            try application.start(with: storyboard.initialController)
            return application
        }
    }

    @Test func aChangedContainerWithAThousandRowsStaysBounded() async throws {
        let app = try Self.app(elements: 10)
        let session = try await ScreenToolsTests.session(on: app)
        try await ScreenToolsTests.call("slam_navigate", ["screen": "Rows"], session)
        let result = try await ScreenToolsTests.call("slam_select", ["target": "rows", "value": "Row 500"], session)
        let lines = result.text.split(separator: "\n")
        // The first line, the list's, ten rows, the selected one, and how many more.
        #expect(lines.count == 14, "\(result.text)")
        #expect(lines.dropFirst().first?.hasPrefix("- list \"Rows\" [ref=rows]") == true, "\(result.text)")
        #expect(lines.contains { $0.contains("\"Row 500\" [selected]") }, "the selected row shows: \(result.text)")
        #expect(lines.last?.contains("more lines") == true)
        withExtendedLifetime(app) {}
    }

    /// A press on a 1,000-element screen answers the one element it changed, not the screen (how
    /// long both take is `make bench-mcp`'s).
    @Test func aPressOnAThousandElementScreenAnswersOnlyWhatChanged() async throws {
        let app = try Self.app()
        let session = try await ScreenToolsTests.session(on: app)
        let snapshot = try await ScreenToolsTests.call("slam_snapshot", [:], session)
        #expect(snapshot.text.split(separator: "\n").count > 800)
        for round in 0..<3 {
            let answer = try await ScreenToolsTests.call("slam_press", ["target": "g50e2"], session).text
            #expect(answer.split(separator: "\n").count <= 3, "round \(round): \(answer)")
            #expect(answer.contains("[ref=g50e2]"), "round \(round): \(answer)")
        }
        withExtendedLifetime(app) {}
    }
}
