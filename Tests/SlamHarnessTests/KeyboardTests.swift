import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamUI

/// The harness at the keyboard: focus, keys and typing key by key, and an alert
/// that covers the screen under it, all through the real protocol.
@Suite struct KeyboardTests {
    @Test func tabAndEnterPressTheFocusedButton() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        #expect(try app.focusedElement() == nil)
        let tab = try app.pressKey("Tab")
        #expect(tab.handled && tab.controller == "Home" && tab.focused?.reference == "increment")
        #expect(try app.button("increment").isFocused())
        #expect(try app.pressKeys("Enter", " ").map(\.handled) == [true, true])
        #expect(try app.label("count").text() == "Count: 2")
        #expect(try app.pressKeys("Tab", "Tab").last?.focused?.reference == "reset", "decrement is enabled now")
        #expect(try app.focusedElement()?.reference == "reset")
        #expect(try app.button("openAbout").focus()["focused"] == true)
        #expect(try !app.button("reset").isFocused())
        #expect(try app.pressKey("ArrowUp").handled == false, "a button takes no arrows")
    }

    @Test func typingGoesKeyByKeyAndEndsWhenTheFocusLeaves() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        try app.runTask("push", param: "Settings")
        #expect(try app.textField("name").type("Adx").text == "Adx")
        #expect(try app.textField("name").isFocused())
        #expect(try app.pressKey("Backspace").focused?.text == "Ad")
        #expect(try app.textField("name").type("a").text == "Ada", "typing goes on where the text ends")
        #expect(try app.label("greeting").text() == "Hello, Ada", "the demo's greeting follows each key")
        #expect(try app.pressKey("Tab").focused?.reference == "pages")
        #expect(try !app.textField("name").isFocused())
        #expect(try app.pressKeys("ArrowRight", "ArrowRight").last?.focused?["currentPage"] == 2)
        #expect(try app.label("pageLabel").text() == "Page 3 of 3")
        #expect(try app.textField("name").setText("Grace").text == "Grace", "setText replaces")
        #expect(try app.pressKey("Escape").controller == "Home", "Escape pops")
    }

    @Test func anAlertCoversTheScreenUntilAButtonAnswersIt() throws {
        let app = try SlamApp.inProcess {
            let application = try DemoApp.makeApplication()
            application.registerAlert(Alert(identifier: "confirmReset", title: "Reset the count?", message: "It goes back to 0.",
                                            buttons: [.init(title: "Reset", style: .destructive, task: "resetCounter"),
                                                      .init(title: "Keep", style: .cancel)]))
            return application
        }
        try app.button("increment").press()
        #expect(try app.presentedAlert() == nil)
        #expect(try app.runTask("alert", param: "confirmReset") == "confirmReset")
        let alert = try #require(try app.presentedAlert())
        #expect(alert["title"] == "Reset the count?" && alert["message"] == "It goes back to 0.")
        #expect(alert.children.map(\.reference) == ["reset", "keep"])
        #expect(alert.children.map { $0["style"] } == ["destructive", "cancel"])
        do {
            try app.button("increment", controller: "Home").press()
            Issue.record("a covered screen took a press")
        } catch ClientError.server(let error) {
            #expect(error.code == .elementCovered)
            #expect(error.data?["coveredBy"] == "confirmReset")
        }
        #expect(try app.pressKey("Escape").controller == "Home", "Escape presses Keep, the cancel button")
        #expect(try app.label("count").text() == "Count: 1")

        try app.runTask("alert", param: "confirmReset")
        try app.button("reset").press()
        #expect(try app.controllerStack() == ["Home"])
        #expect(try app.updateUI() == ["count", "progress", "decrement", "reset"], "the task ran; the alert has no autoUI")
        #expect(try app.label("count").text() == "Count: 0")
    }
}
