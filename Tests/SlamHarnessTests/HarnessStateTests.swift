import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON

/// The shared state through the harness, on the storyboard-only example app
/// (`Examples/counter-and-todos.storyboard.json`), whose elements are bound to its keys.
@Suite struct HarnessStateTests {
    static let storyboard = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        .joined(separator: "/") + "/Examples/counter-and-todos.storyboard.json"

    @Test func settingStateUpdatesBoundElementsAndPressesWriteItBack() throws {
        let app = try SlamApp.launch(storyboard: Self.storyboard)
        defer { app.stop() }
        #expect(try app.stateValues() == ["count": 0, "wifi": true, "todos": ["Buy milk"], "draft": "", "selected": .null])

        #expect(try app.setState("count", 3) == ["count"])
        try app.label("count").wait(text: "Count: 3", timeout: .seconds(30))
        #expect(try app.button("reset").isEnabled(), "bound to count, which is no longer 0")
        try app.button("increment").press()
        #expect(try app.state("count") == 4, "the increment task wrote the state")
        #expect(try app.label("count").text() == "Count: 4")

        #expect(try app.setState(["count": 4, "wifi": false]) == ["wifi"], "only what changed")
        try app.label("wifiStatus").wait(until: .visible, timeout: .seconds(30))
        try app.switch("wifi").press(true)
        #expect(try app.state("wifi") == true, "a user's switch wrote the state")
    }

    /// Removing the selected (last) row clears the selection in the state, so "Remove selected"
    /// is disabled rather than left enabled on a row that no longer exists.
    @Test func removingTheSelectedRowClearsTheSelection() throws {
        try SlamApp.withApp(storyboard: Self.storyboard) { (app: SlamApp) throws in
            try app.runTask("push", param: "Todos")
            try app.textField("draft").setText("Walk the dog")
            try app.button("add").press()
            try app.table("list").press(1)
            #expect(try app.state("selected") == 1)
            try app.button("remove").press()
            #expect(try app.state("todos") == ["Buy milk"])
            #expect(try app.state("selected") == .null, "the selected row is gone")
            #expect(try app.button("remove").isEnabled() == false)
            try app.table("list").press(0)
            try app.button("remove").press()
            #expect(try app.state("todos") == [])
            #expect(try app.state("selected") == .null)
            #expect(try app.label("empty").isVisible())
        }
    }

    @Test func anUnknownKeyIsAServerErrorNamingIt() throws {
        let app = try SlamApp.launch(storyboard: Self.storyboard)
        defer { app.stop() }
        do {
            _ = try app.state("nope")
            Issue.record("an unknown key had a value")
        } catch ClientError.server(let error) {
            #expect(error.code.rawValue == -32011)
            #expect(error.data?["key"] == "nope")
        }
    }
}
