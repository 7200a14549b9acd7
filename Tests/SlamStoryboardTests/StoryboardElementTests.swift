import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// One controller "A" whose root has `children`.
private func storyboard(_ children: String) -> String {
    #"{"initial":"A","controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[\#(children)]}}]}"#
}

private func refusal(_ children: String) -> StoryboardError? {
    do {
        _ = try Storyboard(bytes: Array(storyboard(children).utf8))
        return nil
    } catch {
        return error
    }
}

private func load(_ children: String) throws -> ViewController {
    try Storyboard(bytes: Array(storyboard(children).utf8)).instantiateController(identifier: "A")
}

/// The picker, date picker, sectioned table and collection view in storyboards.
@Suite struct StoryboardElementTests {
    @Test func aPickerViewLoadsItsComponentsAndSelection() throws {
        let controller = try load(#"""
            {"type":"PickerView","ref":"size","selectedRows":[1,5],"components":[["S","M","L"],["Red","Blue"]],
             "task":"chose","param":"size","autoUI":true,"enabled":false}
            """#)
        let picker = try #require(controller.findPickerView(with: "size"))
        #expect(picker.components == [["S", "M", "L"], ["Red", "Blue"]])
        #expect(picker.selectedRows == [1, 1], "applied after the components, clamped into them")
        #expect(picker.task == "chose" && picker.param == "size" && picker.autoUI && !picker.isEnabled)
        controller.resetUI()
        #expect(picker.components == [["S", "M", "L"], ["Red", "Blue"]], "static components survive a reset")
    }

    @Test func aDatePickerLoadsItsModeValueAndBounds() throws {
        let controller = try load(#"""
            {"type":"DatePicker","ref":"due","value":"2026-12-25T10:00:00+01:00","maximumDate":"2026-12-24","minimumDate":"2026-01-01","mode":"date"},
            {"type":"DatePicker","ref":"alarm","mode":"time","value":"07:30"},
            {"type":"DatePicker","ref":"meeting","value":"2026-11-23T14:30:00Z","minimumDate":null}
            """#)
        let due = try #require(controller.findDatePicker(with: "due"))
        #expect(due.mode == .date && due.minimumDate == "2026-01-01" && due.maximumDate == "2026-12-24")
        #expect(due.value == "2026-12-24", "clamped into the bounds")
        #expect(controller.findDatePicker(with: "alarm")?.value == "07:30:00")
        let meeting = try #require(controller.findDatePicker(with: "meeting"))
        #expect(meeting.mode == .dateAndTime && meeting.value == "2026-11-23T14:30:00Z" && meeting.minimumDate == nil)
    }

    @Test func aSectionedTableLoadsRowsAsStringsOrObjects() throws {
        let controller = try load(#"""
            {"type":"SectionedTableView","ref":"settings","multipleSelection":true,"selectedRows":[[1,0],[0,1],[3,0]],"selectUI":true,
             "sections":[{"header":"General","rows":["About",{"text":"Language","detail":"English"}]},{"rows":[{"text":"Reset"}]}]}
            """#)
        let table = try #require(controller.findSectionedTableView(with: "settings"))
        #expect(table.sections == [
            TableSection(header: "General", rows: [TableRow("About"), TableRow("Language", detail: "English")]),
            TableSection(rows: [TableRow("Reset")]),
        ])
        #expect(table.multipleSelection && table.selectUI)
        #expect(table.selectedRows == [IndexPath(section: 0, row: 1), IndexPath(section: 1, row: 0)], "rows that do not exist are dropped")
    }

    @Test func aCollectionViewLoadsItemsKeyedByTextOrKey() throws {
        let controller = try load(#"""
            {"type":"CollectionView","ref":"grid","columns":2,"selectedKeys":["b"],
             "sections":[{"header":"Letters","items":["a",{"key":"b","text":"Bee"}]},{"items":[]}]}
            """#)
        let grid = try #require(controller.findCollectionView(with: "grid"))
        #expect(grid.columns == 2)
        #expect(grid.sections == [
            CollectionSection(header: "Letters", items: [CollectionItem("a"), CollectionItem(key: "b", text: "Bee")]),
            CollectionSection(items: []),
        ])
        #expect(grid.selectedKeys == ["b"] && !grid.multipleSelection)
    }

    @Test func structuredPropertiesCanBeBound() throws {
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial":"A","state":{"sizes":[["S","M"]],"groups":[{"header":"G","rows":["one"]}],"tiles":[{"items":["x","y"]}],
                                    "picked":["y"],"due":"2026-11-23"},
             "controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[
               {"type":"PickerView","ref":"p","bind":{"components":"sizes"}},
               {"type":"SectionedTableView","ref":"t","bind":{"sections":"groups"}},
               {"type":"CollectionView","ref":"c","bind":{"sections":"tiles","selectedKeys":"picked"}},
               {"type":"DatePicker","ref":"d","mode":"date","bind":{"value":"due"}}]}}]}
            """#.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: "A")
        let controller = try #require(application.topController)
        #expect(controller.findPickerView(with: "p")?.components == [["S", "M"]])
        #expect(controller.findSectionedTableView(with: "t")?.sections == [TableSection(header: "G", texts: ["one"])])
        #expect(controller.findCollectionView(with: "c")?.selectedKeys == ["y"])
        #expect(controller.findDatePicker(with: "d")?.value == "2026-11-23")
        try controller.findCollectionView(with: "c")!.press(.text("x"))
        #expect(application.state["picked"] == ["x"])
    }

    @Test(arguments: [
        (#"{"type":"SectionedTableView","ref":"t","sections":[{"rows":["a"]},{"rows":[7]}]}"#,
         "$.controllers[0].view.children[0].sections[1].rows[0]", #"'sections': a row is a string or {"text", "detail"}"#),
        (#"{"type":"SectionedTableView","ref":"t","sections":[{"rows":[{"detail":"d"}]}]}"#,
         "$.controllers[0].view.children[0].sections[0].rows[0]", #"'sections': a row needs "text" (a string)"#),
        (#"{"type":"SectionedTableView","ref":"t","sections":[{"header":3,"rows":[]}]}"#,
         "$.controllers[0].view.children[0].sections[0].header", "'sections': expected a string or null"),
        (#"{"type":"SectionedTableView","ref":"t","sections":[{"title":"x"}]}"#,
         "$.controllers[0].view.children[0].sections[0]", "'sections': unknown member \"title\"; allowed: header, rows"),
        (#"{"type":"SectionedTableView","ref":"t","selectedRows":[[0]]}"#,
         "$.controllers[0].view.children[0].selectedRows[0]", "'selectedRows': expected a [section, row] pair of integers"),
        (#"{"type":"CollectionView","ref":"c","sections":[{"items":["a"]},{"items":["b","a"]}]}"#,
         "$.controllers[0].view.children[0].sections[1].items[1]", "'sections': the item key 'a' is used twice; keys must be unique in the view"),
        (#"{"type":"CollectionView","ref":"c","sections":[{"items":[{"key":1,"text":"one"}]}]}"#,
         "$.controllers[0].view.children[0].sections[0].items[0].key", "'sections': expected a string"),
        (#"{"type":"CollectionView","ref":"c","columns":0}"#,
         "$.controllers[0].view.children[0].columns", "'columns': a collection view has at least 1 column, got 0"),
        (#"{"type":"CollectionView","ref":"c","columns":"three"}"#,
         "$.controllers[0].view.children[0].columns", "'columns' must be an integer, got string"),
        (#"{"type":"PickerView","ref":"p","components":[["a"],"b"]}"#,
         "$.controllers[0].view.children[0].components[1]", "'components': expected an array of strings"),
        (#"{"type":"PickerView","ref":"p","focusedComponent":1}"#,
         "$.controllers[0].view.children[0].focusedComponent",
         "unknown property 'focusedComponent' for PickerView; PickerView takes type, ref, children, bind, visible, enabled, task, param, autoUI, components, selectedRows, changeTask, changeParam, changeDebounceMs, label, description"),
        (#"{"type":"DatePicker","ref":"d","mode":"week"}"#,
         "$.controllers[0].view.children[0].mode", "'mode' must be one of 'date', 'time', 'dateAndTime', got 'week'"),
        (#"{"type":"Label","ref":"l","heading":7}"#,
         "$.controllers[0].view.children[0].heading", "'heading': a heading level is 1 to 6, got 7"),
        (#"{"type":"Label","ref":"l","heading":"big"}"#,
         "$.controllers[0].view.children[0].heading", "'heading' must be an integer, got string"),
        (#"{"type":"Button","ref":"b","heading":1}"#,
         "$.controllers[0].view.children[0].heading",
         "unknown property 'heading' for Button; Button takes type, ref, children, bind, visible, enabled, task, param, autoUI, text, style, label, description"),
        (#"{"type":"Switch","ref":"s","label":""}"#, "$.controllers[0].view.children[0].label", "'label' must not be empty"),
        (#"{"type":"View","ref":"v","region":3}"#, "$.controllers[0].view.children[0].region", "'region' must be a string, got integer"),
    ])
    func badValuesAreRefusedWithTheirPath(child: String, path: String, message: String) throws {
        let error = try #require(refusal(child))
        #expect(error.path == path)
        #expect(error.message == message)
    }

    @Test(arguments: [
        (#"{"type":"DatePicker","ref":"d","value":"23/11/2026"}"#, "value", "'23/11/2026' is not an ISO 8601 value (expected a date or a time)"),
        (#"{"type":"DatePicker","ref":"d","minimumDate":"2026-02-30"}"#, "minimumDate", "'2026-02-30' is not an ISO 8601 value (2026-02 has no day 30)"),
        (#"{"type":"DatePicker","ref":"d","maximumDate":"2026-11-23T25:00Z"}"#, "maximumDate", "'2026-11-23T25:00Z' is not an ISO 8601 value (hour 25 is out of range)"),
    ])
    func aDateThatIsNotISO8601IsRefusedAtLoad(child: String, property: String, start: String) throws {
        let error = try #require(refusal(child))
        #expect(error.path == "$.controllers[0].view.children[0].\(property)")
        #expect(error.message.hasPrefix("'\(property)': \(start); use 2026-11-23, 14:30:00 or 2026-11-23T14:30:00Z"))
    }

    @Test(arguments: [
        (#"{"type":"DatePicker","ref":"d","mode":"date","value":"14:30"}"#, "value", "'14:30' cannot be read in date mode: it needs a date"),
        (#"{"type":"DatePicker","ref":"d","mode":"time","maximumDate":"2026-11-23"}"#, "maximumDate", "'2026-11-23' cannot be read in time mode: it needs a time"),
        (#"{"type":"DatePicker","ref":"d","minimumDate":"09:00"}"#, "minimumDate", "'09:00' cannot be read in dateAndTime mode: it needs a date"),
    ])
    func aDateThatDoesNotFitTheModeIsRefusedAtLoad(child: String, property: String, reason: String) throws {
        let error = try #require(refusal(child))
        #expect(error.path == "$.controllers[0].view.children[0].\(property)")
        #expect(error.message == "'\(property)': \(reason)")
    }

    @Test func bindingsApplyInTheTypesOrderSoABoundSelectionSurvives() throws {
        // The selection is bound before the sections in the document; it must still be applied after them.
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial":"A","state":{"picked":["b"],"tiles":[{"items":["a","b"]}],"rows":[1,1],"sizes":[["S","M"],["x","y"]]},
             "controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[
               {"type":"CollectionView","ref":"c","bind":{"selectedKeys":"picked","sections":"tiles"}},
               {"type":"PickerView","ref":"p","bind":{"selectedRows":"rows","components":"sizes"}}]}}]}
            """#.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: "A")
        let controller = try #require(application.topController)
        #expect(controller.findCollectionView(with: "c")?.selectedKeys == ["b"])
        #expect(controller.findPickerView(with: "p")?.selectedRows == [1, 1])
        #expect(application.state["picked"] == ["b"], "nothing wrote an emptied selection back")
    }

    @Test func aBoundValueOfTheWrongShapeIsReportedAndLeavesTheElementAsItWas() throws {
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial":"A","state":{"groups":[{"header":"G","rows":["one"]}]},
             "controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[
               {"type":"SectionedTableView","ref":"t","bind":{"sections":"groups"}}]}}]}
            """#.utf8))
        let application = Application()
        var warnings: [String] = []
        application.eventHandler = { if case .warning(let message) = $0 { warnings.append(message) } }
        storyboard.install(in: application)
        try application.start(with: "A")
        let table = try #require(application.topController?.findSectionedTableView(with: "t"))
        application.state.set("groups", [["rows": [7]]])
        application.performPendingUpdates()
        #expect(table.sections == [TableSection(header: "G", texts: ["one"])])
        #expect(warnings == [#"root/t: 'sections' is bound to 'groups', which does not fit: [0].rows[0]: a row is a string or {"text", "detail"}"#])
    }

    @Test func alertsLoadAndTheAlertTaskPresentsThem() throws {
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial":"A","alerts":[{"id":"sure","title":"Sure?","message":"Really.","buttons":[
               {"title":"Yes","task":"set","param":"answer=yes"},{"title":"No","ref":"no","style":"cancel"}]}],
             "controllers":[{"id":"A","view":{"type":"View","ref":"root"}}]}
            """#.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: "A")
        try application.runTask(name: "alert", param: "sure")
        let alert = try #require(application.topController as? AlertController)
        #expect(alert.view.subviews.map(\.reference) == ["yes", "no"])
        try alert.find("yes", as: Button.self).press(nil)
        #expect(application.state["answer"] == "yes")
        #expect(application.stack.count == 1)
    }

    @Test(arguments: [
        (#""alerts":[{"id":"A","title":"t","buttons":[{"title":"OK"}]}]"#, "$.alerts[0].id",
         "duplicate controller id 'A'; first used at $.controllers"),
        (#""alerts":[{"id":"x","title":"t","buttons":[{"title":"One","ref":"b"},{"title":"Two","ref":"b"}]}]"#,
         "$.alerts[0].buttons[1].ref", "duplicate reference 'b'; first used at $.alerts[0].buttons[0].ref"),
        (#""alerts":[{"id":"x","title":"t","buttons":[{"title":"OK","style":"danger"}]}]"#, "$.alerts[0].buttons[0].style",
         "'style' must be one of 'normal', 'cancel', 'destructive', got 'danger'"),
        (#""alerts":[{"id":"x","title":"t","buttons":[]}]"#, "$.alerts[0].buttons", "'buttons' must not be empty"),
        (#""alerts":[{"id":"x","title":"t"}]"#, "$.alerts[0]", "missing required member 'buttons'"),
        (#""alerts":[{"id":"x","title":"t","buttons":[{"title":"OK"}],"icon":"!"}]"#, "$.alerts[0].icon",
         "unknown member 'icon'; allowed: id, title, message, buttons"),
    ])
    func badAlertsAreRefusedWithTheirPath(alerts: String, path: String, message: String) throws {
        let text = #"{"initial":"A",\#(alerts),"controllers":[{"id":"A","view":{"type":"View","ref":"root"}}]}"#
        do {
            _ = try Storyboard(bytes: Array(text.utf8))
            Issue.record("accepted \(alerts)")
        } catch {
            #expect(error.path == path)
            #expect(error.message == message)
        }
    }

    @Test func aSliderLoadsItsRangeStepAndValueWhateverTheMemberOrder() throws {
        let controller = try load(#"{"type":"Slider","ref":"volume","value":42,"stepValue":5,"maximumValue":80,"minimumValue":10,"task":"log"}"#)
        let slider = try #require(controller.findSlider(with: "volume"))
        #expect(slider.minimumValue == 10 && slider.maximumValue == 80 && slider.stepValue == 5)
        #expect(slider.value == 40, "the value settles on a step of its own range")
        #expect(slider.task == "log")
        let continuous = try #require(try load(#"{"type":"Slider","ref":"s","value":0.35}"#).findSlider(with: "s"))
        #expect(continuous.minimumValue == 0 && continuous.maximumValue == 1 && continuous.stepValue == 0 && continuous.value == 0.35)
    }

    @Test(arguments: [
        (#"{"type":"Slider","ref":"s","stepValue":-1}"#, "$.controllers[0].view.children[0].stepValue",
         "'stepValue': a Slider's stepValue is 0 (continuous) or more, got -1"),
        (#"{"type":"Slider","ref":"s","minimumValue":10,"maximumValue":5}"#, "$.controllers[0].view.children[0].maximumValue",
         "'maximumValue': a Slider's maximumValue is at least its minimumValue (10), got 5"),
        (#"{"type":"Slider","ref":"s","value":"half"}"#, "$.controllers[0].view.children[0].value", "'value' must be a number, got string"),
    ])
    func badSliderValuesAreRefusedAtLoad(child: String, path: String, message: String) throws {
        let error = try #require(refusal(child))
        #expect(error.path == path)
        #expect(error.message == message)
    }

    @Test func aBoundSliderShowsItsKeyAndWritesBackWholeStepsAsIntegers() throws {
        let storyboard = try Storyboard(bytes: Array(#"""
            {"initial":"A","state":{"volume":40,"brightness":0.5},
             "controllers":[{"id":"A","view":{"type":"View","ref":"root","children":[
               {"type":"Slider","ref":"volume","maximumValue":100,"stepValue":5,"bind":{"value":"volume"}},
               {"type":"Slider","ref":"brightness","bind":{"value":"brightness"}},
               {"type":"Label","ref":"shown","bind":{"text":"Volume {volume}"}}]}}]}
            """#.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: "A")
        let controller = try #require(application.topController)
        let volume = try #require(controller.findSlider(with: "volume"))
        #expect(volume.value == 40)
        try volume.press(.number(62.4))
        #expect(application.state["volume"] == .integer(60), "whole steps between whole bounds: an integer")
        application.performPendingUpdates()
        #expect(controller.findLabel(with: "shown")?.text == "Volume 60")
        try volume.press(.increment)
        #expect(application.state["volume"] == .integer(65))
        let brightness = try #require(controller.findSlider(with: "brightness"))
        try brightness.press(.index(1))
        #expect(application.state["brightness"] == .double(1), "a continuous slider writes a number, even a whole one")
        try brightness.press(.number(0.25))
        #expect(application.state["brightness"] == .double(0.25))
    }

}

@Suite struct StoryboardAccessibilityTests {
    @Test func labelsDescriptionsHeadingsAndRegionsReachTheElements() throws {
        let storyboard = try checkedStoryboard(#"""
            {"type": "Label", "ref": "title", "text": "Settings", "heading": 1},
            {"type": "View", "ref": "account", "region": "Account", "children": [
              {"type": "Switch", "ref": "wifi", "label": "Wi-Fi", "description": "Joins known networks"}]}
            """#)
        let controller = try storyboard.instantiateController(identifier: storyboard.initialController)
        let title = try #require(controller.findView(with: "title"))
        #expect(title.accessibilityRole == .heading && title.accessibilityStates.level == 1 && title.accessibleName == "Settings")
        let account = try #require(controller.findView(with: "account"))
        #expect(account.accessibilityRole == .region && account.accessibleName == "Account")
        let wifi = try #require(controller.findView(with: "wifi"))
        #expect(wifi.accessibilityRole == .switch && wifi.accessibleName == "Wi-Fi")
        #expect(wifi.accessibleDescription == "Joins known networks")
    }

    @Test func theCheckWarnsAboutAnUnnamedElementAPersonOperates() throws {
        let found = StoryboardCheck(host: .storyboardOnly).diagnostics(of: try checkedStoryboard(#"""
            {"type": "Switch", "ref": "wifi"},
            {"type": "Switch", "ref": "named", "label": "Named"},
            {"type": "Button", "ref": "titled", "text": "Go"},
            {"type": "Button", "ref": "bound", "bind": {"text": "{title}"}},
            {"type": "TextField", "ref": "search", "placeholder": "Search"},
            {"type": "Label", "ref": "quiet"}
            """#, state: #"{"title": "Go"}"#))
        #expect(found == [StoryboardDiagnostic(severity: .warning, path: "$.controllers[0].view.children[0]",
                                               problem: .unnamedElement(type: "Switch", role: "switch"))])
        #expect(found.first?.message.contains("give it a \"label\"") == true)
    }

    @Test func aTextFieldsBoundTextIsItsValueNotItsName() throws {
        let found = StoryboardCheck(host: .storyboardOnly).diagnostics(of: try checkedStoryboard(
            #"{"type": "TextField", "ref": "query", "bind": {"text": "query"}}"#, state: #"{"query": ""}"#))
        #expect(found.map(\.problem) == [.unnamedElement(type: "TextField", role: "textbox")])
    }
}
