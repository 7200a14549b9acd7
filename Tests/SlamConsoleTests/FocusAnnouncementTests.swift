import Testing
import SlamClient
import SlamConsole
import SlamJSON

/// A snapshot as the daemon sends it: type, ref, role, name, then `members`.
private func snapshot(_ type: String, _ role: String, _ name: String, _ members: JSONValue.Object = [:]) -> JSONValue {
    var object: JSONValue.Object = ["type": .string(type), "ref": "r", "role": .string(role), "name": .string(name), "visible": true]
    for (key, value) in members { object[key] = value }
    return .object(object)
}

@Suite struct FocusAnnouncementTests {
    @Test func saysRoleNameValueAndStatesAsAScreenReaderWould() {
        let cases: [(JSONValue, String)] = [
            (snapshot("Switch", "switch", "Wi-Fi", ["isOn": true, "checked": true]), #"switch "Wi-Fi", on"#),
            (snapshot("Switch", "switch", "Wi-Fi", ["isOn": false, "checked": false]), #"switch "Wi-Fi", off"#),
            (snapshot("Stepper", "spinbutton", "Volume", ["value": 5, "valueNow": 5.0, "valueMin": 0.0, "valueMax": 10.0]),
             #"spinbutton "Volume" 5 (0–10)"#),
            (snapshot("Slider", "slider", "Brightness", ["valueNow": 0.25, "valueMin": 0.0, "valueMax": 1.0]),
             #"slider "Brightness" 0.25 (0–1)"#),
            (snapshot("Button", "button", "-1", ["enabled": false, "disabled": true]), #"button "-1", disabled"#),
            (snapshot("Button", "button", "+1", ["enabled": true]), #"button "+1""#),
            (snapshot("PageControl", "slider", "Page", ["valueNow": 1.0, "valueMin": 1.0, "valueMax": 3.0, "valueText": "Page 1 of 3"]),
             #"slider "Page" Page 1 of 3"#),
            (snapshot("SegmentedControl", "radiogroup", "Theme", ["segments": ["Light", "Dark", "Auto"], "selectedSegment": 2]),
             #"radiogroup "Theme" Auto"#),
            (snapshot("SegmentedControl", "radiogroup", "Theme", ["segments": ["Light"], "selectedSegment": .null]),
             #"radiogroup "Theme""#),
            (snapshot("SingleItemTableView", "list", "Shopping", ["items": ["Milk", "Eggs"], "selectedRow": 1]), #"list "Shopping" Eggs"#),
            (snapshot("TextField", "textbox", "Name", ["text": "Ada", "placeholder": "Your name"]), #"textbox "Name" Ada"#),
            (snapshot("TextField", "textbox", "Your name", ["text": ""]), #"textbox "Your name""#),
            (snapshot("Label", "heading", "Counter", ["text": "Counter", "level": 2]), #"heading "Counter", level 2"#),
            (snapshot("View", "group", "", [:]), "group"),
            (snapshot("Button", "button", #"Say "hi""#, [:]), #"button "Say \"hi\"""#),
        ]
        for (element, expected) in cases {
            #expect(FocusAnnouncement.text(for: element) == expected)
        }
    }

    @Test func anElementWithoutARoleIsNamedByItsType() {
        let old: JSONValue = ["type": "Button", "ref": "ok", "text": "OK"]
        #expect(FocusAnnouncement.text(for: old) == "button")
    }

    @Test func aLongNameIsCutWithAnEllipsisToFitAndTheStatesStay() {
        let name = String(repeating: "Notifications for every device ", count: 4)
        let element = snapshot("Switch", "switch", name, ["checked": true, "disabled": true])
        let text = FocusAnnouncement.text(for: element)
        #expect(text.count == FocusAnnouncement.defaultLimit)
        #expect(text.hasPrefix(#"switch "Notifications for every device"#))
        #expect(text.hasSuffix(#"…", on, disabled"#))
        #expect(FocusAnnouncement.text(for: element, limit: 200) == #"switch ""# + name + #"", on, disabled"#)
    }

    @Test func aLongValueIsCutOnceTheNameIsShort() {
        let element = snapshot("TextField", "textbox", "A rather long field name", ["text": .string(String(repeating: "x", count: 100))])
        let text = FocusAnnouncement.text(for: element, limit: 40)
        #expect(text.count == 40)
        #expect(text.hasPrefix(#"textbox "A rathe…" xxx"#))
        #expect(text.hasSuffix("x…"))
    }

    @Test func quotesInALongNameStillFit() {
        let element = snapshot("Button", "button", String(repeating: #"""#, count: 50))
        #expect(FocusAnnouncement.text(for: element, limit: 30).count <= 30)
    }
}

@Suite struct RemoteUIModelFocusTests {
    private func model(focusOn focused: Int?, hidden: Set<Int> = []) throws -> RemoteUIModel {
        func node(_ number: Int, _ ref: String, _ children: [JSONValue] = []) -> JSONValue {
            ["type": "Button", "ref": .string(ref), "role": "button", "name": .string(ref), "node": .integer(Int64(number)),
             "visible": .bool(!hidden.contains(number)), "focused": .bool(number == focused), "children": .array(children)]
        }
        let model = RemoteUIModel()
        try model.attach(["seq": 0, "state": [:], "stack": [
            ["screen": 1, "id": "Home", "title": "Home", "modal": false, "tree": node(1, "root", [node(2, "a"), node(3, "group", [node(4, "b")])])],
        ]])
        return model
    }

    @Test func findsTheFocusedElementOfTheTopScreen() throws {
        let focus = try #require(try model(focusOn: 4).focusedElement)
        #expect(focus.node == 4 && focus.snapshot["ref"] == "b")
        #expect(try model(focusOn: nil).focusedElement == nil)
    }

    @Test func aFocusedElementInAHiddenViewIsNotTheFocus() throws {
        #expect(try model(focusOn: 4, hidden: [3]).focusedElement == nil)
    }
}
