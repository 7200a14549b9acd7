import Testing
import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON

/// A `View` snapshot holding `children`.
private func view(_ reference: String, visible: Bool = true, axis: String = "vertical", _ children: [JSONValue]) -> JSONValue {
    ["type": "View", "ref": .string(reference), "visible": .bool(visible), "axis": .string(axis), "spacing": 8.0,
     "children": .array(children)]
}

private func button(_ reference: String, _ text: String?, enabled: Bool = true, visible: Bool = true) -> JSONValue {
    var object: JSONValue.Object = ["type": "Button", "ref": .string(reference), "visible": .bool(visible),
                                    "enabled": .bool(enabled)]
    if let text { object["text"] = .string(text) }
    return .object(object)
}

private func label(_ reference: String, _ text: String, visible: Bool = true) -> JSONValue {
    ["type": "Label", "ref": .string(reference), "visible": .bool(visible), "text": .string(text)]
}

/// Draws `root` under the title `Screen (Main)`, without colour.
private func draw(_ root: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    Wireframe().render(title: "Screen", controller: "Main", root: try snapshot(root, sourceLocation: sourceLocation))
}

@Suite struct WireframeTests {
    @Test func drawsTheDemoHomeAsDocumented() throws {
        let home = view("root", [
            label("heading", "Counter"),
            label("count", "Count: 0"),
            ["type": "ProgressView", "ref": "progress", "visible": true, "progress": 0],
            label("goal", "Goal reached!", visible: false),
            view("counterButtons", axis: "horizontal", [button("increment", "+1"), button("decrement", "-1", enabled: false),
                                    button("reset", "Reset", enabled: false)]),
        ])
        #expect(Wireframe().render(title: "Slam Demo", controller: "Home", root: try snapshot(home)) == """
            == Slam Demo (Home) ==
            Counter
            Count: 0
            [----------] 0%
            [ +1 ]  [ -1 (disabled) ]  [ Reset (disabled) ]
            """)
    }

    @Test func hiddenElementsAndEverythingInsideThemAreLeftOut() throws {
        let root = view("root", [
            label("shown", "Shown"),
            label("secret", "Secret", visible: false),
            view("drawer", visible: false, [label("tucked", "Tucked"), button("inside", "Inside")]),
            view("row", axis: "horizontal", [
                button("a", "A"),
                button("hiddenButton", "Hidden", visible: false),
                button("b", "B"),
            ]),
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            Shown
            [ A ]  [ B ]
            """)
        #expect(try draw(view("root", visible: false, [label("x", "X")])) == "== Screen (Main) ==")
    }

    @Test func childrenFollowTheirContainersDeclaredAxis() throws {
        let root = view("root", [
            button("one", "One"), button("two", "Two"),
            label("between", "Between"),
            view("group", axis: "horizontal", [button("four", "Four"), label("note", "a note"), button("five", "Five")]),
            button("six", nil),
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            [ One ]
            [ Two ]
            Between
            [ Four ]  a note  [ Five ]
            [ six ]
            """)
    }

    /// Side by side, each child keeps its own lines: a column is as wide as its widest line.
    @Test func horizontalViewsPlaceMultiLineChildrenInColumns() throws {
        let root = view("root", [
            view("columns", axis: "horizontal", [
                view("left", [label("a", "Apples"), label("b", "Figs")]),
                view("right", [label("c", "Carrots")]),
                button("go", "Go"),
            ]),
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            Apples  Carrots  [ Go ]
            Figs
            """)
    }

    @Test func aButtonAtTheRootIsDrawnToo() throws {
        #expect(try draw(button("only", "Only", enabled: false)) == "== Screen (Main) ==\n[ Only (disabled) ]")
    }

    @Test func labelsAndTextViewsKeepTheirLinesAndEmptyLabelsVanish() throws {
        let root = view("root", [
            label("two", "first\nsecond"),
            label("empty", ""),
            ["type": "TextView", "ref": "notes", "visible": true, "text": "one\ntwo"],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            first
            second
            | one
            | two
            """)
    }

    @Test func aTextViewsFinalNewlineAddsNoEmptyLine() throws {
        let root = view("root", [["type": "TextView", "ref": "notes", "visible": true, "text": "one\ntwo\n\n"]])
        #expect(try draw(root) == "== Screen (Main) ==\n| one\n| two\n| ", "only the very last newline ends a line")
    }

    @Test func controlsShowTheirStateAndDisabledOnesSaySo() throws {
        let root = view("root", [
            ["type": "Switch", "ref": "wifi", "visible": true, "enabled": true, "isOn": true],
            ["type": "Switch", "ref": "bluetooth", "visible": true, "enabled": false, "isOn": false],
            ["type": "Stepper", "ref": "volume", "visible": true, "enabled": true, "minimumValue": 0.0,
             "maximumValue": 10.0, "value": 5.0],
            ["type": "Stepper", "ref": "speed", "visible": true, "enabled": false, "minimumValue": 0.5,
             "maximumValue": 2, "value": 1.5],
            ["type": "SegmentedControl", "ref": "theme", "visible": true, "enabled": true,
             "segments": ["Light", "Dark", "Auto"], "selectedSegment": 0],
            ["type": "SegmentedControl", "ref": "none", "visible": true, "enabled": false,
             "segments": ["A", "B"], "selectedSegment": nil],
            ["type": "PageControl", "ref": "pages", "visible": true, "enabled": true, "numberOfPages": 3, "currentPage": 1],
            ["type": "TextField", "ref": "name", "visible": true, "enabled": true, "text": "", "placeholder": "Your name"],
            ["type": "TextField", "ref": "city", "visible": true, "enabled": false, "text": "Paris", "placeholder": "City"],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            wifi: [x] on
            bluetooth: [ ] off (disabled)
            volume: [-] 5 [+]  (0…10)
            speed: [-] 1.5 [+]  (0.5…2) (disabled)
            theme: |[Light]| Dark | Auto |
            none: | A | B | (disabled)
            pages: o * o
            name: [(Your name)]
            city: [Paris] (disabled)
            """)
    }

    @Test(arguments: [(0.0, "[----------] 0%"), (0.26, "[###-------] 26%"), (1.0, "[##########] 100%"),
                      (1.5, "[##########] 100%"), (-0.2, "[----------] 0%")])
    func aProgressBarHasTenCellsAndStaysInRange(_ progress: Double, _ expected: String) throws {
        let root: JSONValue = ["type": "ProgressView", "ref": "p", "visible": true, "progress": .double(progress)]
        #expect(try draw(root) == "== Screen (Main) ==\n" + expected)
    }

    @Test func tablesListTheirRowsAndMarkTheSelectedOne() throws {
        let root = view("root", [
            ["type": "SingleItemTableView", "ref": "items", "visible": true, "items": ["Milk", "Eggs"], "selectedRow": 1],
            ["type": "SingleItemTableView", "ref": "empty", "visible": true, "items": [], "selectedRow": nil],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
              Milk
            > Eggs
              (no rows)
            """)
    }

    @Test func busyIndicatorsAndWebViewsAreDescribed() throws {
        let root = view("root", [
            ["type": "ActivityIndicator", "ref": "spinner", "visible": true, "animating": true],
            ["type": "ActivityIndicator", "ref": "idle", "visible": true, "animating": false],
            ["type": "WebView", "ref": "page", "visible": true, "title": "About", "url": "file:///about.html"],
            ["type": "WebView", "ref": "blank", "visible": true, "title": nil, "url": nil],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            (spinner: working…)
            <page: About — file:///about.html>
            <blank: untitled — blank>
            """)
    }

    @Test func pickersTablesWithSectionsAndCollectionsAreDrawnWithTheirSelectionAndTheFocus() throws {
        let root = view("root", [
            ["type": "PickerView", "ref": "size", "visible": true, "enabled": true, "focused": true,
             "components": [["S", "M", "L"], ["Tea", "Coffee"]], "selectedRows": [2, 1]],
            ["type": "DatePicker", "ref": "due", "visible": true, "enabled": false, "focused": false, "mode": "date", "value": "2026-11-23"],
            ["type": "SectionedTableView", "ref": "extras", "visible": true, "selectedRows": [[1, 0]], "sections": [
                ["header": "Milk", "rows": [["text": "Whole", "detail": nil], ["text": "Oat", "detail": nil]]],
                ["header": nil, "rows": [["text": "Sugar", "detail": "one spoon"]]]]],
            ["type": "CollectionView", "ref": "cups", "visible": true, "columns": 2, "selectedKeys": ["blue", "glass"], "sections": [
                ["header": "Mugs", "items": [["key": "red", "text": "red"], ["key": "blue", "text": "blue"], ["key": "green", "text": "green"]]],
                ["header": nil, "items": [["key": "glass", "text": "Glass"]]]]],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            size: <L> <Coffee> (focused)
            due: <2026-11-23> (disabled)
            -- Milk --
              Whole
              Oat
            > Sugar (one spoon)
            -- Mugs --
             red  [blue]
             green
            [Glass]
            """)
    }

    @Test func anAlertShowsItsTitleMessageAndButtonsSideBySide() throws {
        let alert: JSONValue = ["type": "Alert", "ref": "", "visible": true, "title": "Discard the draft?",
                                "message": "It cannot be undone.", "children": [button("discard", "Discard"), button("keep", "Keep")]]
        #expect(try draw(alert) == """
            == Screen (Main) ==
            ** Discard the draft? **
            It cannot be undone.
            [ Discard ]  [ Keep ]
            """)
    }

    @Test func colourMakesTheTitleBoldAndDisabledButtonsDim() throws {
        let root = view("root", axis: "horizontal", [button("on", "On"), button("off", "Off", enabled: false)])
        let drawing = Wireframe(style: ConsoleStyle(usesColor: true))
            .render(title: "T", controller: "C", root: try snapshot(root))
        #expect(drawing == "\u{1B}[1m== T (C) ==\u{1B}[0m\n[ On ]  \u{1B}[2m[ Off (disabled) ]\u{1B}[0m")
    }
}
