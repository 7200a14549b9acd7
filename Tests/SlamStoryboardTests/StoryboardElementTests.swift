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
         "unknown property 'focusedComponent' for PickerView; PickerView takes type, ref, children, bind, visible, enabled, task, param, autoUI, components, selectedRows"),
        (#"{"type":"DatePicker","ref":"d","mode":"week"}"#,
         "$.controllers[0].view.children[0].mode", "'mode' must be one of 'date', 'time', 'dateAndTime', got 'week'"),
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
}
