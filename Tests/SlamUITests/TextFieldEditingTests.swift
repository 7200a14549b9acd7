import Testing
@testable import SlamUI

@Suite struct TextFieldEditingTests {
    /// A field that records its editing events in order.
    func recordingField(_ log: Box<[String]>) -> TextField {
        let field = TextField(reference: "name")
        field.editingDidBeginBlock = { log.value.append("began") }
        field.editingChangedBlock = { log.value.append("changed \($0)") }
        field.editingDidEndBlock = { log.value.append("ended \($0)") }
        field.returnActionBlock = { log.value.append("return") }
        return field
    }

    @Test func typingEditsKeyByKeyWithAnEventPerChange() throws {
        let log = Box<[String]>([])
        let field = recordingField(log)
        let other = Button(reference: "save")
        let (application, _, _) = try makeApplication(field, other)
        try application.focus(field)
        for key in [Key.character("h"), .character("i"), .backspace, .character("o"), .enter] { try application.pressKey(key) }
        try application.focus(other)
        #expect(log.value == ["began", "changed h", "changed hi", "changed h", "changed ho", "return", "ended ho"])
    }

    @Test func backspaceOnAnEmptyFieldChangesNothing() throws {
        let log = Box<[String]>([])
        let field = recordingField(log)
        let (application, _, _) = try makeApplication(field)
        try application.focus(field)
        #expect(try application.pressKey(.backspace))
        #expect(log.value == ["began"])
    }

    @Test func setTextBeginsChangesAndEndsInOneGo() throws {
        let log = Box<[String]>([])
        let field = recordingField(log)
        _ = try makeApplication(field)
        try field.enterText("Ada")
        try field.enterText("Ada")
        #expect(log.value == ["began", "changed Ada", "ended Ada", "began", "ended Ada"])
    }

    @Test func setTextInAFocusedFieldOnlyChangesIt() throws {
        // A renderer sends setText as a person types in a field it focused: editing began once, ends once.
        let log = Box<[String]>([])
        let field = recordingField(log)
        let other = Button(reference: "save")
        let (application, _, _) = try makeApplication(field, other)
        try application.focus(field)
        try field.enterText("a")
        try field.enterText("ab")
        try application.focus(other)
        #expect(log.value == ["began", "changed a", "changed ab", "ended ab"])
    }

    @Test func aFocusedFieldThatLeavesTheScreenEndsEditing() throws {
        let log = Box<[String]>([])
        let field = recordingField(log)
        let (application, controller, _) = try makeApplication(View(reference: "form", subviews: [field]))
        try application.focus(field)
        try field.type("x")
        controller.find("form")!.removeFromSuperview()
        #expect(log.value == ["began", "changed x", "ended x"])
    }

    @Test func maximumLengthStopsTypingAndCutsSetText() throws {
        let field = TextField(reference: "code")
        field.maxLength = 3
        var changes: [String] = []
        field.editingChangedBlock = { changes.append($0) }
        let (application, _, _) = try makeApplication(field)
        try application.focus(field)
        try field.type("12345")
        #expect(field.text == "123" && changes == ["1", "12", "123"], "keys past the limit do nothing")
        try field.enterText("abcdef")
        #expect(field.text == "abc")
        field.text = "set by code"
        #expect(field.text == "set by code", "the limit is on what users enter")
    }

    @Test func aSecureFieldNeverShowsItsText() throws {
        let field = TextField(reference: "password")
        field.isSecure = true
        let store = StateStore()
        try field.bind(property: "text", to: .key("password", negated: false), in: store)
        let (application, _, _) = try makeApplication(field)
        try application.focus(field)
        try field.type("sesame")
        #expect(field.snapshot()["text"] == .string("••••••"))
        #expect(field.snapshot()["secure"] == .bool(true))
        #expect(store["password"] == .string("sesame"), "the bound state holds the real text, not the dots")
    }

    @Test func enterRunsTheReturnTaskWhenThereIsNoBlock() throws {
        let field = TextField(reference: "query")
        field.task = "search"
        field.param = "now"
        let (application, _, _) = try makeApplication(field)
        var params: [String?] = []
        application.addTask(name: "search") { params.append($0) }
        try application.focus(field)
        try application.pressKey(.enter)
        #expect(params == ["now"])
    }

    @Test func pressingAFieldFocusesIt() throws {
        let field = TextField(reference: "name")
        let (application, controller, _) = try makeApplication(field)
        try field.press(nil)
        #expect(controller.focusedElement === field && application.topController === controller)
        #expect(throws: SlamError.self) { try field.press(.index(1)) }
    }

    @Test func typingIntoADisabledFocusedFieldIsRefused() throws {
        let field = TextField(reference: "name")
        let (application, _, _) = try makeApplication(field)
        try application.focus(field)
        field.isEnabled = false
        #expect(throws: SlamError.elementDisabled(reference: "name")) { try field.type("x") }
    }
}
