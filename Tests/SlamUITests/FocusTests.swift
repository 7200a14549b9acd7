import Testing
@testable import SlamUI

/// An application showing one controller over `elements` (under an anonymous root), recording its events.
func makeApplication(_ elements: View..., identifier: String = "Form") throws -> (Application, ViewController, Box<[ApplicationEvent]>) {
    let application = Application()
    let events = Box<[ApplicationEvent]>([])
    application.eventHandler = { events.value.append($0) }
    let controller = try ViewController(identifier: identifier, title: identifier, view: View(reference: "root", subviews: elements))
    application.push(controller)
    events.value.removeAll()
    return (application, controller, events)
}

/// A mutable value closures can share.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@Suite struct FocusTests {
    @Test func focusMovesBetweenElementsAndIsReported() throws {
        let name = TextField(reference: "name")
        let save = Button(reference: "save")
        let (application, controller, events) = try makeApplication(Label(reference: "title"), name, save)
        try application.focus(name)
        #expect(controller.focusedElement === name && name.isFocused)
        #expect(name.snapshot()["focused"] == .bool(true) && save.snapshot()["focused"] == .bool(false))
        try application.focus(save)
        #expect(!name.isFocused && save.isFocused)
        #expect(events.value == [
            .focusChanged(controller: "Form", reference: "name", previous: nil),
            .focusChanged(controller: "Form", reference: "save", previous: "name"),
        ])
    }

    @Test func focusingIsAChangeRenderersAndSubscribersHear() throws {
        let name = TextField(reference: "name")
        let save = Button(reference: "save")
        let (application, controller, _) = try makeApplication(name, save)
        _ = controller.takeChangedElements()
        try application.focus(name)
        try application.focus(save)
        #expect(controller.takeChangedElements().map(\.reference) == ["name", "save"])
    }

    @Test func elementsThatCannotTakeTheFocusRefuseIt() throws {
        let label = Label(reference: "title")
        let hidden = Button(reference: "hidden")
        hidden.isHidden = true
        let disabled = Switch(reference: "off")
        disabled.isEnabled = false
        let (application, controller, _) = try makeApplication(label, hidden, disabled)
        #expect(throws: SlamError.notFocusable(reference: "title", type: "Label")) { try application.focus(label) }
        #expect(throws: SlamError.elementHidden(reference: "hidden")) { try application.focus(hidden) }
        #expect(throws: SlamError.elementDisabled(reference: "off")) { try application.focus(disabled) }
        #expect(controller.focusedElement == nil)
    }

    @Test func tabFollowsTreeOrderSkippingWhatCannotTakeFocusAndWraps() throws {
        let first = TextField(reference: "first")
        let hidden = Button(reference: "hidden")
        hidden.isHidden = true
        let inner = View(reference: "row", subviews: [Stepper(reference: "count"), Switch(reference: "wifi")])
        let disabled = Button(reference: "disabled")
        disabled.isEnabled = false
        let last = SingleItemTableView(reference: "list")
        let (application, controller, _) = try makeApplication(first, Label(reference: "l"), hidden, inner, disabled, last)
        var order: [String] = []
        for _ in 0..<5 {
            try application.pressKey(.tab)
            order.append(controller.focusedElement?.reference ?? "-")
        }
        #expect(order == ["first", "count", "wifi", "list", "first"])
        try application.pressKey(.shiftTab)
        #expect(controller.focusedElement === last, "Shift+Tab from the first wraps to the last")
        try application.pressKey(.shiftTab)
        #expect(controller.focusedElement?.reference == "wifi")
    }

    @Test func tabOnAScreenWithNothingFocusableIsNotHandled() throws {
        let (application, controller, _) = try makeApplication(Label(reference: "only"))
        #expect(try application.pressKey(.tab) == false)
        #expect(controller.focusedElement == nil)
    }

    @Test func removingTheFocusedElementTakesTheFocusAway() throws {
        let name = TextField(reference: "name")
        let (application, controller, events) = try makeApplication(View(reference: "form", subviews: [name]))
        try application.focus(name)
        controller.find("form")!.removeFromSuperview()
        #expect(controller.focusedElement == nil)
        #expect(events.value.last == .focusChanged(controller: "Form", reference: nil, previous: "name"))
    }

    @Test func anAnonymousFocusedElementIsNamedByItsPathWhenItIsRemoved() throws {
        let anonymous = Button(reference: "")
        let (application, _, events) = try makeApplication(Label(reference: "first"), anonymous)
        try application.focus(anonymous)
        anonymous.removeFromSuperview()
        #expect(events.value.last == .focusChanged(controller: "Form", reference: nil, previous: "root/Button[1]"))
    }

    @Test func eachControllerKeepsItsOwnFocusAndKeysGoToTheTop() throws {
        let homeField = TextField(reference: "query")
        let (application, home, _) = try makeApplication(homeField, identifier: "Home")
        try application.focus(homeField)
        let detailField = TextField(reference: "note")
        let detail = try ViewController(identifier: "Detail", view: View(reference: "root", subviews: [detailField]))
        application.push(detail)
        #expect(home.focusedElement === homeField && detail.focusedElement == nil)
        try application.pressKey(.character("x"))
        #expect(homeField.text.isEmpty, "a key goes to the top controller, where nothing has the focus")
        try application.pressKey(.tab)
        try application.pressKey(.character("x"))
        #expect(detailField.text == "x")
        try application.pop()
        try application.pressKey(.character("y"))
        #expect(homeField.text == "y", "back on Home, its focus is where it was")
    }

    @Test func keysFromTheirNames() {
        #expect(Key(name: "Enter") == .enter && Key(name: "Shift+Tab") == .shiftTab && Key(name: "ArrowLeft") == .arrowLeft)
        #expect(Key(name: "a") == .character("a") && Key(name: "Space") == .character(" ") && Key(name: "é") == .character("é"))
        #expect(Key(name: "👍🏽") == .character("👍🏽"), "one character, however many scalars")
        #expect(Key(name: "enter") == nil && Key(name: "ab") == nil && Key(name: "") == nil)
        for name in Key.namedKeys where name != "Space" { #expect(Key(name: name)?.name == name) }
    }
}
