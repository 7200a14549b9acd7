import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// Storyboards with shared state: starting values (`state`), element properties
/// bound to keys and templates (`bind`), and built-in tasks — an interactive app
/// without a line of Swift.
@Suite struct StoryboardStateTests {
    static let examplePath = repositoryRoot + "/Examples/counter-and-todos.storyboard.json"

    @Test func theStoryboardOnlyExampleIsInteractive() throws {
        let application = try Storyboard.makeApplication(contentsOf: Self.examplePath)
        let home = try #require(application.topController)
        #expect(home.findLabel(with: "count")?.text == "Count: 0")
        #expect(home.findButton(with: "decrement")?.isEnabled == false, "enabled from a zero count")
        try home.findButton(with: "increment")!.press(nil)
        try home.findButton(with: "increment")!.press(nil)
        #expect(application.state["count"] == 2)
        application.performPendingUpdates()
        #expect(home.findLabel(with: "count")?.text == "Count: 2")
        #expect(home.findButton(with: "decrement")?.isEnabled == true)

        try home.findSwitch(with: "wifi")!.press(nil)
        #expect(application.state["wifi"] == false, "the switch writes its key")
        application.performPendingUpdates()
        #expect(home.findLabel(with: "wifiStatus")?.isHidden == false)

        try home.findButton(with: "todos")!.press(nil)
        let todos = try #require(application.topController)
        #expect(todos.identifier == "Todos")
        let list = try #require(todos.findSingleItemTableView(with: "list"))
        #expect(list.rows == ["Buy milk"])
        try todos.find("draft", as: TextField.self).enterText("Walk the dog")
        application.performPendingUpdates()
        try todos.findButton(with: "add")!.press(nil)
        application.performPendingUpdates()
        #expect(list.rows == ["Buy milk", "Walk the dog"])
        try list.press(.index(0))
        #expect(application.state["selected"] == 0, "the selected row is written to its key")
        application.performPendingUpdates()
        #expect(todos.findButton(with: "remove")?.isEnabled == true)
        try todos.findButton(with: "remove")!.press(nil)
        application.performPendingUpdates()
        #expect(list.rows == ["Walk the dog"])
        #expect(application.state["todos"] == ["Walk the dog"])
    }

    @Test func startingValuesDoNotOverwriteTheApplicationsOwn() throws {
        let storyboard = try Storyboard(bytes: Array(#"{"initial": "A", "state": {"count": 5, "name": "x"}, "controllers": [{"id": "A", "view": {"type": "Label", "ref": "l", "bind": {"text": "{name}: {count}"}}}]}"#.utf8))
        #expect(storyboard.initialState == ["count": 5, "name": "x"])
        let application = Application()
        application.state["count"] = 7
        storyboard.install(in: application)
        try application.start(with: "A")
        #expect(application.topController?.findLabel(with: "l")?.text == "x: 7")
    }

    @Test(arguments: [
        (#"{"type": "Label", "ref": "l", "bind": {"colour": "c"}}"#, "$.controllers[0].view.bind.colour",
         "cannot bind: a Label has no bindable property 'colour'; bindable: visible, text"),
        (#"{"type": "Switch", "ref": "s", "bind": {"isOn": "on: {x}"}}"#, "$.controllers[0].view.bind.isOn",
         "cannot bind: 'isOn' is boolean: a template with {key} can only feed text; bind it to a key"),
        (#"{"type": "Label", "ref": "l", "bind": {"text": "Count: {count"}}"#, "$.controllers[0].view.bind.text",
         "cannot bind: \"Count: {count\" opens a { that is never closed (write {{ for a brace)"),
        (#"{"type": "Label", "ref": "l", "bind": {"text": 3}}"#, "$.controllers[0].view.bind.text",
         "'text' must be a string, got integer"),
        (#"{"type": "Label", "ref": "l", "bind": "count"}"#, "$.controllers[0].view.bind",
         "'bind' must be an object, got string"),
    ])
    func badBindingsAreRefusedWithTheirPath(element: String, path: String, message: String) throws {
        let text = #"{"initial": "A", "controllers": [{"id": "A", "view": "# + element + "}]}"
        let error = #expect(throws: StoryboardError.self) { try Storyboard(bytes: Array(text.utf8)) }
        #expect(error?.path == path)
        #expect(error?.message == message)
    }

    @Test func aNonObjectStateIsRefused() throws {
        let error = #expect(throws: StoryboardError.self) {
            try Storyboard(bytes: Array(#"{"initial": "A", "state": [1], "controllers": [{"id": "A", "view": {"type": "View", "ref": "r"}}]}"#.utf8))
        }
        #expect(error?.path == "$.state")
    }
}
