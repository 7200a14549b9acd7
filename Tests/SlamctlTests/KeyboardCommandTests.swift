import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
@testable import slamctl

/// The keyboard verbs (`focus`, `key`, `type`) and press values that are positions or texts.
@Suite(.timeLimit(.minutes(10))) struct KeyboardCommandTests {
    @Test func focusPrintsTheFocusedElement() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let human = try slamctl("focus", "increment", app: app)
        #expect(human.status == 0)
        #expect(human.lines == ["Button increment \"+1\""])
        #expect(try app.button("increment").isFocused())
        let json = try slamctl("focus", "openAbout", "--json", app: app)
        #expect(try json.json()["focused"] == true)
        let label = try slamctl("focus", "count", app: app)
        #expect(label.status == 1)
        #expect(label.standardError.hasPrefix("slamctl: error -32002: "))
    }

    @Test func keysArePressedInOrderOneLineEach() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let human = try slamctl("key", "Tab", "Enter", "ArrowUp", app: app)
        #expect(human.status == 0)
        #expect(human.lines == [
            "Tab: focus Button increment \"+1\" (Home)",
            "Enter: focus Button increment \"+1\" (Home)",
            "ArrowUp: not handled; focus Button increment \"+1\" (Home)",
        ])
        #expect(try app.label("count").text() == "Count: 1", "Enter pressed the focused button")
        let json = try slamctl("key", "--json", "Shift+Tab", app: app)
        #expect(json.status == 0)
        let outcome = try json.json()
        #expect(outcome["key"] == "Shift+Tab" && outcome["handled"] == true && outcome["controller"] == "Home")
        #expect(outcome["focused"]?["ref"] == "website", "Shift+Tab wraps to the last focusable element")
    }

    @Test func anUnknownKeyStopsTheSequence() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        let result = try slamctl("key", "Tab", "Hyper", "Enter", app: app)
        #expect(result.status == 1)
        #expect(result.lines == ["Tab: focus Button increment \"+1\" (Home)"])
        #expect(result.standardError.hasPrefix("slamctl: error -32602: "))
        #expect(try app.label("count").text() == "Count: 0", "Enter after the refused key was not pressed")
        #expect(try slamctl("key", app: app).status == 2, "KEY is required")
    }

    @Test func typeTypesKeyByKeyWhereTheTextEnds() throws {
        let app = try SlamApp.launch()
        defer { app.stop() }
        try app.runTask("push", param: "Settings")
        #expect(try slamctl("type", "name", "Ada", app: app).lines == ["TextField name \"Ada\""])
        let more = try slamctl("type", "name", " L", "--json", app: app)
        #expect(try more.json()["text"] == "Ada L")
        #expect(try more.json()["focused"] == true)
        #expect(try app.label("greeting").text() == "Hello, Ada L", "the demo's greeting follows each key")
        #expect(try slamctl("key", "Tab", app: app).status == 0)
        #expect(try app.connection.find("name")["focused"] == false, "Tab took the focus on")
        let button = try slamctl("type", "back", "x", app: app)
        #expect(button.status == 1)
        #expect(button.standardError.hasPrefix("slamctl: error -32002: "))
        #expect(try slamctl("type", "name", app: app).status == 2, "TEXT is required")
    }

    @Test func pressValuesReadAsPositionsAndTexts() {
        #expect(Slamctl.pressValue("[0,2]") == .position(0, 2))
        #expect(Slamctl.pressValue("[1, 0]") == .position(1, 0))
        #expect(Slamctl.pressValue(#"{"section": 1, "row": 3}"#) == .position(1, 3))
        #expect(Slamctl.pressValue(#"{"component": 0, "row": 4}"#) == .position(0, 4))
        #expect(Slamctl.pressValue("2026-11-23") == .text("2026-11-23"))
        #expect(Slamctl.pressValue("beach") == .text("beach"))
        #expect(Slamctl.pressValue(#""on""#) == .text("on"), "a JSON string is a text, even a keyword")
        #expect(Slamctl.pressValue(#""3""#) == .text("3"))
        #expect(Slamctl.pressValue("3") == .index(3))
        #expect(Slamctl.pressValue("on") == .bool(true))
        #expect(Slamctl.pressValue("[1]") == nil)
        #expect(Slamctl.pressValue(#"{"x": 1}"#) == nil)
        #expect(Slamctl.pressValue("[1,") == nil)
    }

    @Test func pressValuesReadDecimalNumbersForSliders() {
        #expect(Slamctl.pressValue("0.25") == .number(0.25))
        #expect(Slamctl.pressValue("-1.5e3") == .index(-1500), "a whole number is an index")
        #expect(Slamctl.pressValue("40.0") == .index(40))
        #expect(Slamctl.pressValue(".5") == .number(0.5))
        #expect(Slamctl.pressValue("nan") == .text("nan"), "a word, not a number")
        #expect(Slamctl.pressValue("inf") == .text("inf"))
        #expect(Slamctl.pressValue("0x1p3") == .text("0x1p3"), "hexadecimal is no decimal number")
        #expect(Slamctl.pressValue("1e999") == .text("1e999"), "too large to be a number")
        #expect(Slamctl.pressValue("2026-11-23") == .text("2026-11-23"), "a date stays a text")
    }
}
