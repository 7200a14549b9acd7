import Testing
@testable import SlamUI

@Suite struct CollectionViewTests {
    /// Two sections: 7 photos in rows of 3 (3 + 3 + 1), then 2 albums.
    let library = [
        CollectionSection(header: "Photos", items: (1...7).map { CollectionItem(key: "p\($0)", text: "Photo \($0)") }),
        CollectionSection(items: []),
        CollectionSection(header: "Albums", items: [CollectionItem("Trips"), CollectionItem("Pets")]),
    ]

    @Test func columnsAreAtLeastOneAndSectionsReadOnReload() throws {
        let grid = CollectionView(reference: "grid")
        #expect(grid.columns == 3)
        grid.columns = 0
        #expect(grid.columns == 1)
        grid.staticSections = library
        grid.sectionsDataSource = { [CollectionSection(items: [CollectionItem("x")])] }
        #expect(grid.staticSections == nil)
        #expect(grid.sections.isEmpty, "read on reload only")
        grid.reloadUI()
        #expect(grid.sections == [CollectionSection(items: [CollectionItem(key: "x", text: "x")])])
        #expect(CollectionView.properties.map(\.name) == ["visible", "focused", "columns", "sections", "multipleSelection",
                                                          "selectedKeys", "selectUI"])
        #expect(try grid.properties(named: "sections") == .structured([["header": nil, "items": [["key": "x", "text": "x"]]]]))
    }

    @Test func selectionFollowsKeysThroughAReloadThatMovesItems() throws {
        var sections = library
        var events: [String] = []
        let grid = CollectionView(reference: "grid")
        grid.sectionsDataSource = { sections }
        grid.multipleSelection = true
        grid.selectEventBlock = { events.append("\($0) \($1)") }
        let application = try applicationShowing(grid)
        try grid.press(.position(0, 4))
        try grid.press(.text("Pets"))
        #expect(grid.selectedKeys == ["p5", "Pets"])
        #expect(try grid.properties(named: "selectedKeys") == .strings(["p5", "Pets"]))
        // Pets moves to the front of the first section, p5 to the albums; p1 disappears.
        sections = [
            CollectionSection(header: "Photos", items: [CollectionItem("Pets")] + (2...4).map { CollectionItem(key: "p\($0)", text: "Photo \($0)") }),
            CollectionSection(header: "Albums", items: [CollectionItem("Trips"), CollectionItem(key: "p5", text: "Photo 5")]),
        ]
        application.topController!.resetUI()
        #expect(grid.selectedKeys == ["Pets", "p5"], "the selection follows its keys, in the view's new order")
        #expect(grid.indexPath(forKey: "p5") == IndexPath(section: 1, item: 1))
        #expect(grid.indexPath(forKey: "p1") == nil)
        sections.removeLast()
        application.topController!.resetUI()
        #expect(grid.selectedKeys == ["Pets"], "a key that left the view leaves the selection")
        #expect(events == ["p5 true", "Pets true"], "reloads are not user selections")
    }

    @Test func singleSelectionSelectsMultipleToggles() throws {
        var events: [String] = []
        let grid = CollectionView(reference: "grid")
        grid.staticSections = library
        grid.selectEventBlock = { events.append("\($0) \($1)") }
        let application = try applicationShowing(grid)
        defer { withExtendedLifetime(application) {} }
        try grid.press(.position(0, 0))
        try grid.press(.text("Trips"))
        try grid.press(.text("Trips"))
        #expect(grid.selectedKeys == ["Trips"])
        grid.multipleSelection = true
        try grid.press(.position(0, 6))
        try grid.press(.text("Trips"))
        #expect(grid.selectedKeys == ["p7"])
        #expect(events == ["p1 true", "p1 false", "Trips true", "p7 true", "Trips false"])
    }

    @Test func selectUIUpdatesTheController() throws {
        var chosen = "none"
        let grid = CollectionView(reference: "grid")
        grid.staticSections = library
        grid.selectEventBlock = { key, _ in chosen = key }
        grid.selectUI = true
        let label = Label(reference: "choice")
        label.textDataSource = { chosen }
        let application = try applicationShowing(grid, label)
        defer { withExtendedLifetime(application) {} }
        try grid.press(.text("p3"))
        #expect(label.text == "p3")
    }

    @Test func pressesNameAnItemAndBadOnesSayWhy() throws {
        let grid = CollectionView(reference: "grid")
        grid.staticSections = library
        let application = try applicationShowing(grid)
        #expect(throws: SlamError.invalidPress(reference: "grid", reason: "no item has the key 'p9'")) { try grid.press(.text("p9")) }
        #expect(throws: SlamError.invalidPress(reference: "grid", reason: "section 3 is outside 0..<3")) { try grid.press(.position(3, 0)) }
        #expect(throws: SlamError.invalidPress(reference: "grid", reason: "item 2 is outside 0..<2 in section 2")) { try grid.press(.position(2, 2)) }
        #expect(throws: SlamError.invalidPress(reference: "grid", reason: "a CollectionView with 3 sections takes [section, item] or an item key")) {
            try grid.press(.index(0))
        }
        #expect(throws: SlamError.invalidPress(reference: "grid", reason: "a CollectionView takes [section, item], an item key, or an item index when it has one section")) {
            try grid.press(nil)
        }
        grid.staticSections = [CollectionSection(items: [CollectionItem("a"), CollectionItem("b")])]
        application.topController!.resetUI()
        try grid.press(.index(1))
        #expect(grid.selectedKeys == ["b"])
        grid.isHidden = true
        #expect(throws: SlamError.elementHidden(reference: "grid")) { try grid.press(.text("a")) }
    }

    @Test func aRepeatedKeyFromSwiftIsLeftOutWithAWarning() throws {
        var warnings: [String] = []
        let grid = CollectionView(reference: "grid")
        grid.sectionsDataSource = {
            [CollectionSection(items: [CollectionItem("a"), CollectionItem("b")]),
             CollectionSection(items: [CollectionItem(key: "a", text: "Another a"), CollectionItem("c")])]
        }
        let application = try applicationShowing(grid) { if case .warning(let message) = $0 { warnings.append(message) } }
        defer { withExtendedLifetime(application) {} }
        #expect(grid.sections[1].items == [CollectionItem("c")])
        #expect(warnings == ["root/grid: the item key 'a' at [1, 0] is used twice; keys must be unique in the view, so it is left out"])
    }

    @Test func arrowsMoveThroughTheGrid() throws {
        let grid = CollectionView(reference: "grid")
        grid.staticSections = library
        let application = try applicationShowing(grid)
        try application.focus(grid)
        func key(_ key: Key) throws -> String? {
            _ = try application.pressKey(key)
            return grid.selectedKeys.first
        }
        #expect(try key(.arrowRight) == "p1", "none selected: the first item")
        #expect(try key(.arrowLeft) == "p1", "the start stops it")
        #expect(try key(.arrowDown) == "p4")
        #expect(try key(.arrowRight) == "p5")
        #expect(try key(.arrowDown) == "p7", "the last row is shorter: its last item")
        #expect(try key(.arrowUp) == "p4")
        try grid.press(.text("p6"))
        #expect(try key(.arrowDown) == "p7")
        #expect(try key(.arrowDown) == "Trips", "into the next section with items, same column")
        #expect(try key(.arrowRight) == "Pets")
        #expect(try key(.arrowRight) == "Pets", "the end stops it")
        #expect(try key(.arrowUp) == "p7", "the previous section's last row, nearest column")
        try grid.press(.text("p3"))
        #expect(try key(.arrowRight) == "p4")
        #expect(try key(.arrowUp) == "p1")
        #expect(try key(.arrowUp) == "p1", "nothing above the first row")
        try grid.press(.text("p7"))
        #expect(try key(.arrowRight) == "Trips", "right crosses into the next section, skipping empty ones")
        #expect(try key(.arrowLeft) == "p7")
        #expect(try !application.pressKey(.enter))
    }

    @Test func arrowsSelectOnlyTheItemTheyReach() throws {
        let grid = CollectionView(reference: "grid")
        grid.staticSections = library
        grid.multipleSelection = true
        let application = try applicationShowing(grid)
        try grid.press(.text("p1"))
        try grid.press(.text("p2"))
        try application.focus(grid)
        try application.pressKey(.arrowDown)
        #expect(grid.selectedKeys == ["p5"], "from the item chosen last")
    }

    @Test func boundSectionsAndSelectedKeysFollowTheState() throws {
        let application = Application()
        _ = application.state.set("tiles", [["header": "Colours", "items": ["Red", ["key": "b", "text": "Blue"]]]])
        let grid = CollectionView(reference: "grid")
        try grid.bind(property: "sections", to: StateBinding(parsing: "tiles"), in: application.state)
        try grid.bind(property: "selectedKeys", to: StateBinding(parsing: "picked"), in: application.state)
        let screen = try makeController(grid)
        application.registerController(identifier: "Screen") { () throws(SlamError) -> ViewController in screen }
        try application.start(with: "Screen")
        #expect(grid.sections == [CollectionSection(header: "Colours", items: [CollectionItem("Red"), CollectionItem(key: "b", text: "Blue")])])
        try grid.press(.text("b"))
        #expect(application.state["picked"] == ["b"])
        _ = application.state.set("picked", ["Red"])
        application.topController!.updateUI()
        #expect(grid.selectedKeys == ["Red"])
    }
}
