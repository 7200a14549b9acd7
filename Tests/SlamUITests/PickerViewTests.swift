import Testing
@testable import SlamUI

/// An application whose only screen, "Screen", holds `elements` (reset as it is shown).
func applicationShowing(_ elements: View..., events: @escaping (ApplicationEvent) -> Void = { _ in }) throws -> Application {
    let application = Application()
    application.eventHandler = events
    let controller = try ViewController(identifier: "Screen", title: "Screen", view: View(reference: "root", subviews: elements))
    application.registerController(identifier: "Screen") { () throws(SlamError) -> ViewController in controller }
    try application.start(with: "Screen")
    return application
}

@Suite struct PickerViewTests {
    @Test func theThreeComponentSourcesAreExclusiveAndReadOnReload() {
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M"]]
        picker.componentsDataSource = { [["a"], ["b", "c"]] }
        #expect(picker.staticComponents == nil, "setting one source replaces the other")
        picker.reloadUI()
        #expect(picker.components == [["a"], ["b", "c"]])
        picker.fillComponents(count: { 2 }, rowCount: { $0 + 1 }, title: { "\($0).\($1)" })
        #expect(picker.componentsDataSource == nil && picker.staticComponents == nil)
        #expect(picker.components == [["a"], ["b", "c"]], "rows change on reload only")
        picker.reloadUI()
        #expect(picker.components == [["0.0"], ["1.0", "1.1"]])
        #expect(picker.title(component: 1, row: 1) == "1.1" && picker.title(component: 2, row: 0) == nil)
        #expect(PickerView.properties.map(\.name) == ["visible", "enabled", "focused", "task", "param", "autoUI",
                                                      "components", "selectedRows", "focusedComponent"])
    }

    @Test func selectedRowsHoldOneRowPerComponentClamped() throws {
        var sizes = ["S", "M", "L"]
        let picker = PickerView(reference: "size")
        picker.componentsDataSource = { [sizes, ["Red", "Blue"], []] }
        let controller = try makeController(picker)
        controller.resetUI()
        #expect(picker.selectedRows == [0, 0, 0])
        picker.selectedRows = [2, 5]
        #expect(picker.selectedRows == [2, 1, 0], "clamped into each component; a missing one is 0")
        picker.selectedRows = [-1, 1, 3, 9]
        #expect(picker.selectedRows == [0, 1, 0], "one per component")
        #expect(picker.selectedRow(inComponent: 1) == 1 && picker.selectedRow(inComponent: 2) == nil)
        picker.selectedRows = [2, 1, 0]
        sizes = ["S"]
        controller.resetUI()
        #expect(picker.selectedRows == [0, 1, 0], "a reload keeps rows that still exist")
    }

    @Test func aPressSelectsWritesBackFiresTheEventThenTheAction() throws {
        var events: [String] = []
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M", "L"], ["Red", "Blue"]]
        picker.selectEventBlock = { events.append("select \($0) \($1)") }
        picker.pressActionBlock = { events.append("action") }
        let application = try applicationShowing(picker)
        try picker.bind(property: "selectedRows", to: StateBinding(parsing: "choice"), in: application.state)
        picker.selectEventBlock = { [unowned application] component, row in
            events.append("select \(component) \(row) state \(application.state["choice"]?.jsonText ?? "none")")
        }
        try picker.press(.position(1, 1))
        #expect(picker.selectedRows == [0, 1] && picker.focusedComponent == 1)
        #expect(events == ["select 1 1 state [0,1]", "action"])
        try picker.press(.position(1, 1))
        #expect(events == ["select 1 1 state [0,1]", "action", "action"], "the same row again: no select event")
    }

    @Test func aPressRunsTheTaskAndAutoUI() throws {
        var ran: [String?] = []
        var label = "none"
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M"]]
        picker.task = "chose"
        picker.param = "size"
        picker.autoUI = true
        let shown = Label(reference: "shown")
        shown.textDataSource = { label }
        let application = try applicationShowing(picker, shown)
        application.addTask(name: "chose") { param in ran.append(param); label = "chosen" }
        try picker.press(.index(1))
        #expect(ran == ["size"] && shown.text == "chosen")
    }

    @Test func badPressesSayWhy() throws {
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M"], ["Red"]]
        let application = try applicationShowing(picker)
        defer { withExtendedLifetime(application) {} }
        #expect(throws: SlamError.invalidPress(reference: "size", reason: "a PickerView with 2 components takes [component, row]")) {
            try picker.press(.index(0))
        }
        #expect(throws: SlamError.invalidPress(reference: "size", reason: "component 2 is outside 0..<2")) { try picker.press(.position(2, 0)) }
        #expect(throws: SlamError.invalidPress(reference: "size", reason: "row 1 is outside 0..<1 in component 1")) {
            try picker.press(.position(1, 1))
        }
        #expect(throws: SlamError.invalidPress(reference: "size", reason: "a PickerView takes [component, row] (or a row index when it has one component)")) {
            try picker.press(nil)
        }
        picker.isHidden = true
        #expect(throws: SlamError.elementHidden(reference: "size")) { try picker.press(.position(0, 1)) }
    }

    @Test func arrowKeysMoveRowsAndComponents() throws {
        var selections: [String] = []
        let picker = PickerView(reference: "size")
        picker.staticComponents = [["S", "M", "L"], ["Red", "Blue"]]
        picker.selectEventBlock = { selections.append("\($0):\($1)") }
        let application = try applicationShowing(picker)
        try application.focus(picker)
        #expect(try application.pressKey(.arrowDown))
        #expect(try application.pressKey(.arrowDown))
        #expect(try application.pressKey(.arrowDown), "the end stops it, the key is still used")
        #expect(picker.selectedRows == [2, 0])
        #expect(try application.pressKey(.arrowUp) && picker.selectedRows == [1, 0])
        #expect(try application.pressKey(.arrowRight) && picker.focusedComponent == 1)
        #expect(try application.pressKey(.arrowRight) && picker.focusedComponent == 1, "no component after the last")
        #expect(try application.pressKey(.arrowDown) && picker.selectedRows == [1, 1])
        #expect(try application.pressKey(.arrowLeft) && picker.focusedComponent == 0)
        #expect(try application.pressKey(.arrowLeft) && picker.focusedComponent == 0)
        #expect(try !application.pressKey(.enter))
        #expect(selections == ["0:1", "0:2", "0:1", "1:1"])
    }

    @Test func focusedComponentIsReadOnlyAndFollowsTheComponents() throws {
        var components = [["a"], ["b"], ["c"]]
        let picker = PickerView(reference: "p")
        picker.componentsDataSource = { components }
        let application = try applicationShowing(picker)
        try picker.press(.position(2, 0))
        #expect(picker.focusedComponent == 2)
        components = [["a"]]
        application.topController!.resetUI()
        #expect(picker.focusedComponent == 0)
        #expect(PickerView.properties.first { $0.name == "focusedComponent" }?.isInspectable == false)
    }

    @Test func aBoundComponentsListIsParsed() throws {
        let application = Application()
        _ = application.state.set("sizes", [["S", "M"], ["Red"]])
        let picker = PickerView(reference: "p")
        try picker.bind(property: "components", to: StateBinding(parsing: "sizes"), in: application.state)
        let screen = try makeController(picker)
        application.registerController(identifier: "Screen") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Screen")
        #expect(picker.components == [["S", "M"], ["Red"]])
        #expect(picker.selectedRows == [0, 0])
        var warnings: [String] = []
        application.eventHandler = { if case .warning(let message) = $0 { warnings.append(message) } }
        _ = application.state.set("sizes", "not a list")
        application.topController!.updateUI()
        #expect(picker.components == [["S", "M"], ["Red"]], "a value of the wrong shape leaves the picker as it was")
        #expect(warnings == ["root/p: 'components' is bound to 'sizes', which does not fit: expected an array of components"])
    }

    @Test func theFocusOrderIncludesTheNewElements() throws {
        let first = Button(reference: "first")
        let picker = PickerView(reference: "picker")
        let date = DatePicker(reference: "date")
        let table = SectionedTableView(reference: "table")
        let collection = CollectionView(reference: "collection")
        let label = Label(reference: "label")
        let application = try applicationShowing(first, picker, label, date, table, collection)
        var order: [String] = []
        for _ in 0..<6 {
            try application.pressKey(.tab)
            order.append(application.topController!.focusedElement?.reference ?? "none")
        }
        #expect(order == ["first", "picker", "date", "table", "collection", "first"])
        #expect(try picker.properties(named: "focused") == .bool(false))
        try application.focus(table)
        #expect(table.isFocused && SectionedTableView.focusedProperty.read(table) == .bool(true))
    }
}

extension View {
    /// The value of the property `name`, as snapshots read it.
    func properties(named name: String) throws -> PropertyValue {
        try #require(type(of: self).properties.first { $0.name == name }).read(self)
    }
}
