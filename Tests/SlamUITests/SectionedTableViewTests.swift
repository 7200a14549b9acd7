import Testing
@testable import SlamUI

@Suite struct SectionedTableViewTests {
    let fruitAndVeg = [
        TableSection(header: "Fruit", rows: [TableRow("Apple", detail: "red"), TableRow("Pear")]),
        TableSection(rows: []),
        TableSection(header: "Veg", texts: ["Leek", "Kale", "Okra"]),
    ]

    @Test func theThreeSectionSourcesAreExclusiveAndReadOnReload() {
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        table.sectionsDataSource = { [TableSection(texts: ["x"])] }
        #expect(table.staticSections == nil)
        table.reloadUI()
        #expect(table.sections == [TableSection(texts: ["x"])])
        table.fillSections(count: { 2 }, header: { "H\($0)" }, rowCount: { $0 + 1 }, text: { "\($0).\($1)" },
                           detail: { $1 == 0 ? "first" : nil })
        #expect(table.sectionsDataSource == nil)
        table.reloadUI()
        #expect(table.sections == [
            TableSection(header: "H0", rows: [TableRow("0.0", detail: "first")]),
            TableSection(header: "H1", rows: [TableRow("1.0", detail: "first"), TableRow("1.1")]),
        ])
        table.fillSections(count: { 1 }, rowCount: { _ in 1 }, text: { _, _ in "plain" })
        table.reloadUI()
        #expect(table.sections == [TableSection(rows: [TableRow("plain")])], "header and detail default to none")
        #expect(SectionedTableView.properties.map(\.name) == ["visible", "focused", "sections", "multipleSelection",
                                                              "selectedRows", "selectUI"])
    }

    @Test func snapshotsReportSectionsAndSelectionInTheirNormalForm() throws {
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        table.reloadUI()
        table.selectedRows = [IndexPath(section: 2, row: 1)]
        #expect(try table.properties(named: "sections") == .structured([
            ["header": "Fruit", "rows": [["text": "Apple", "detail": "red"], ["text": "Pear", "detail": nil]]],
            ["header": nil, "rows": []],
            ["header": "Veg", "rows": [["text": "Leek", "detail": nil], ["text": "Kale", "detail": nil], ["text": "Okra", "detail": nil]]],
        ]))
        #expect(try table.properties(named: "selectedRows") == .structured([[2, 1]]))
    }

    @Test func singleSelectionSelectsAndReportsTheRowLeftAndTheRowChosen() throws {
        var events: [String] = []
        var chosen = "none"
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        table.selectEventBlock = { [unowned table] path, selected in
            events.append("\(path) \(selected)")
            if selected { chosen = table.row(at: path)?.text ?? "?" }
        }
        let label = Label(reference: "choice")
        label.textDataSource = { chosen }
        let application = try applicationShowing(table, label)
        defer { withExtendedLifetime(application) {} }
        try table.press(.position(0, 1))
        #expect(table.selectedRows == [IndexPath(section: 0, row: 1)])
        #expect(label.text == "none", "without selectUI the controller is not updated")
        table.selectUI = true
        try table.press(.position(2, 2))
        #expect(table.selectedRows == [IndexPath(section: 2, row: 2)] && label.text == "Okra")
        try table.press(.position(2, 2))
        #expect(events == ["[0, 1] true", "[0, 1] false", "[2, 2] true"], "the selected row again is no change")
    }

    @Test func multipleSelectionToggles() throws {
        var events: [String] = []
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        table.multipleSelection = true
        table.selectEventBlock = { events.append("\($0) \($1)") }
        let application = try applicationShowing(table)
        defer { withExtendedLifetime(application) {} }
        try table.press(.position(2, 0))
        try table.press(.position(0, 0))
        try table.press(.position(2, 0))
        try table.press(.position(2, 2))
        #expect(table.selectedRows == [IndexPath(section: 0, row: 0), IndexPath(section: 2, row: 2)], "in table order")
        #expect(events == ["[2, 0] true", "[0, 0] true", "[2, 0] false", "[2, 2] true"])
        table.multipleSelection = false
        #expect(table.selectedRows == [IndexPath(section: 2, row: 2)], "single selection keeps one")
    }

    @Test func aReloadKeepsTheSelectionsThatStillExist() throws {
        var sections = fruitAndVeg
        let table = SectionedTableView(reference: "t")
        table.sectionsDataSource = { sections }
        table.multipleSelection = true
        let application = try applicationShowing(table)
        table.selectedRows = [IndexPath(section: 0, row: 1), IndexPath(section: 2, row: 2), IndexPath(section: 7, row: 0)]
        #expect(table.selectedRows == [IndexPath(section: 0, row: 1), IndexPath(section: 2, row: 2)], "only rows that exist")
        sections[2].rows.removeLast()
        application.topController!.updateUI()
        #expect(table.sections == fruitAndVeg, "updateUI leaves the rows alone")
        application.topController!.resetUI()
        #expect(table.selectedRows == [IndexPath(section: 0, row: 1)])
    }

    @Test func pressesNameTheirRowAndBadOnesSayWhy() throws {
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        let application = try applicationShowing(table)
        #expect(throws: SlamError.invalidPress(reference: "t", reason: "a SectionedTableView with 3 sections takes [section, row]")) {
            try table.press(.index(0))
        }
        #expect(throws: SlamError.invalidPress(reference: "t", reason: "section 3 is outside 0..<3")) { try table.press(.position(3, 0)) }
        #expect(throws: SlamError.invalidPress(reference: "t", reason: "row 0 is outside 0..<0 in section 1")) { try table.press(.position(1, 0)) }
        #expect(throws: SlamError.invalidPress(reference: "t", reason: "a SectionedTableView takes [section, row] (or a row index when it has one section)")) {
            try table.press(.text("Apple"))
        }
        table.staticSections = [TableSection(texts: ["only", "two"])]
        application.topController!.resetUI()
        try table.press(.index(1))
        #expect(table.selectedRows == [IndexPath(section: 0, row: 1)], "one section: a plain row index works")
        table.isHidden = true
        #expect(throws: SlamError.elementHidden(reference: "t")) { try table.press(.index(0)) }
    }

    @Test func aCoveredTableRefusesPresses() throws {
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        let application = try applicationShowing(table)
        application.presentAlert(Alert(identifier: "sure", title: "Sure?", buttons: [.init(title: "OK")]))
        #expect(throws: SlamError.elementCovered(reference: "t", controller: "Screen", coveredBy: "sure")) {
            try table.press(.position(0, 0))
        }
    }

    @Test func arrowsSelectTheNextRowAcrossSectionsAndOnlyIt() throws {
        var events: [String] = []
        let table = SectionedTableView(reference: "t")
        table.staticSections = fruitAndVeg
        table.multipleSelection = true
        table.selectEventBlock = { events.append("\($0) \($1)") }
        let application = try applicationShowing(table)
        try application.focus(table)
        #expect(try application.pressKey(.arrowDown) && table.selectedRows == [IndexPath(section: 0, row: 0)], "none selected: the first row")
        #expect(try application.pressKey(.arrowDown) && table.selectedRows == [IndexPath(section: 0, row: 1)])
        #expect(try application.pressKey(.arrowDown) && table.selectedRows == [IndexPath(section: 2, row: 0)], "an empty section is skipped")
        try table.press(.position(2, 2))
        #expect(table.selectedRows.count == 2)
        #expect(try application.pressKey(.arrowUp) && table.selectedRows == [IndexPath(section: 2, row: 1)],
                "from the row chosen last; only the new row stays selected")
        #expect(try application.pressKey(.arrowDown))
        #expect(try application.pressKey(.arrowDown) && table.selectedRows == [IndexPath(section: 2, row: 2)], "the end stops it")
        #expect(try !application.pressKey(.arrowLeft))
        #expect(events == ["[0, 0] true", "[0, 0] false", "[0, 1] true", "[0, 1] false", "[2, 0] true", "[2, 2] true",
                           "[2, 0] false", "[2, 2] false", "[2, 1] true", "[2, 1] false", "[2, 2] true"])
    }

    @Test func boundSectionsAndSelectionFollowTheState() throws {
        let application = Application()
        _ = application.state.set("groups", [["header": "A", "rows": ["one", ["text": "two", "detail": "2"]]]])
        let table = SectionedTableView(reference: "t")
        try table.bind(property: "sections", to: StateBinding(parsing: "groups"), in: application.state)
        try table.bind(property: "selectedRows", to: StateBinding(parsing: "picked"), in: application.state)
        let screen = try makeController(table)
        application.registerController(identifier: "Screen") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Screen")
        #expect(table.sections == [TableSection(header: "A", rows: [TableRow("one"), TableRow("two", detail: "2")])])
        try table.press(.index(1))
        #expect(application.state["picked"] == [[0, 1]])
        _ = application.state.set("picked", [[0, 0]])
        application.topController!.updateUI()
        #expect(table.selectedRows == [IndexPath(section: 0, row: 0)])
    }
}
