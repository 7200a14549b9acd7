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
        #expect(try draw(root) == "== Screen (Main) ==\n| one\n| two\n|", "only the very last newline ends a line")
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

    @Test func aSliderIsATrackWithItsThumbWhereTheValueLies() throws {
        let root = view("root", [
            ["type": "Slider", "ref": "volume", "visible": true, "enabled": true, "minimumValue": 0, "maximumValue": 100, "value": 40],
            ["type": "Slider", "ref": "brightness", "visible": true, "enabled": false, "minimumValue": 0.0, "maximumValue": 1.0, "value": 1.0],
            ["type": "Slider", "ref": "flat", "visible": true, "enabled": true, "minimumValue": 2, "maximumValue": 2, "value": 2],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            volume: [====o------] 40  (0…100)
            brightness: [==========o] 1  (0…1) (disabled)
            flat: [o----------] 2  (2…2)
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
            <blank: untitled — about:blank>
            """)
    }

    @Test func pickersShowEachComponentsSelectedRowAndDatePickersTheirValueAndBounds() throws {
        let root = view("root", [
            ["type": "PickerView", "ref": "size", "visible": true, "enabled": true, "focused": false,
             "components": [["S", "M", "L"], ["Red", "Blue"], []], "selectedRows": [1, 1, 0], "focusedComponent": 0],
            ["type": "PickerView", "ref": "empty", "visible": true, "enabled": false, "components": [], "selectedRows": []],
            ["type": "DatePicker", "ref": "due", "visible": true, "enabled": true, "mode": "date", "value": "2026-11-23",
             "minimumDate": "2026-01-01", "maximumDate": "2026-12-31"],
            ["type": "DatePicker", "ref": "alarm", "visible": true, "enabled": false, "mode": "time", "value": "07:30:00",
             "minimumDate": nil, "maximumDate": nil],
            ["type": "DatePicker", "ref": "until", "visible": true, "enabled": true, "mode": "dateAndTime",
             "value": "2026-11-23T14:30:00Z", "minimumDate": nil, "maximumDate": "2026-12-31T00:00:00Z"],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            size: [M ▾] [Blue ▾] [— ▾]
            empty: (no components) (disabled)
            due: [2026-11-23 ▾]  (2026-01-01…2026-12-31)
            alarm: [07:30:00 ▾] (disabled)
            until: [2026-11-23T14:30:00Z ▾]  (…2026-12-31T00:00:00Z)
            """)
    }

    @Test func sectionedTablesShowHeadersRowsDetailsAndTheSelection() throws {
        let sections: JSONValue = [
            ["header": "General", "rows": [["text": "About", "detail": nil], ["text": "Language", "detail": "English"]]],
            ["header": nil, "rows": [["text": "Reset", "detail": nil]]],
            ["header": "Empty", "rows": []],
        ]
        let root = view("root", [
            ["type": "SectionedTableView", "ref": "single", "visible": true, "focused": false, "sections": sections,
             "multipleSelection": false, "selectedRows": [[0, 1]], "selectUI": false],
            ["type": "SectionedTableView", "ref": "multiple", "visible": true, "focused": false, "sections": sections,
             "multipleSelection": true, "selectedRows": [[0, 0], [1, 0]], "selectUI": false],
            ["type": "SectionedTableView", "ref": "none", "visible": true, "sections": [], "multipleSelection": false, "selectedRows": []],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            -- General --
              About
            > Language — English
              Reset
            -- Empty --
            -- General --
            [x] About
            [ ] Language — English
            [x] Reset
            -- Empty --
              (no rows)
            """)
    }

    @Test func collectionViewsAreGridsOfColumnsWithTheSelectedItemsBracketed() throws {
        let root = view("root", [
            ["type": "CollectionView", "ref": "grid", "visible": true, "focused": false, "columns": 3,
             "sections": [
                ["header": "Photos", "items": [["key": "p1", "text": "One"], ["key": "p2", "text": "Two"], ["key": "p3", "text": "Three"],
                                               ["key": "p4", "text": "Four"]]],
                ["header": nil, "items": [["key": "Pets", "text": "Pets"]]],
             ],
             "multipleSelection": true, "selectedKeys": ["p2", "Pets"], "selectUI": false],
            ["type": "CollectionView", "ref": "empty", "visible": true, "columns": 2, "sections": [["header": "Nothing", "items": []]],
             "multipleSelection": false, "selectedKeys": []],
        ])
        #expect(try draw(root) == """
            == Screen (Main) ==
            -- Photos --
             One    [Two]    Three
             Four
            [Pets]
            -- Nothing --
              (no items)
            """)
    }

    @Test func anAlertIsAFrameWithItsButtonsSideBySideUnderABlankLineAndTheirRoles() throws {
        let alert: JSONValue = ["type": "Alert", "ref": "", "visible": true, "title": "Clear the list?",
                                "message": "This cannot be undone.",
                                "children": [
                                    ["type": "Button", "ref": "clear", "visible": true, "enabled": true, "text": "Clear", "style": "destructive"],
                                    ["type": "Button", "ref": "cancel", "visible": true, "enabled": true, "text": "Cancel", "style": "cancel"],
                                    ["type": "Button", "ref": "later", "visible": true, "enabled": true, "text": "Later", "style": "normal"],
                                ]]
        #expect(try draw(alert) == """
            == Screen (Main) ==
            ┌────────────────────────────────────────────────┐
            │ Clear the list?                                │
            │ This cannot be undone.                         │
            │                                                │
            │ [ Clear (destructive) ]  [ Cancel ]  [ Later ] │
            └────────────────────────────────────────────────┘
            """)
        let bare: JSONValue = ["type": "Alert", "ref": "", "visible": true, "title": "Saved", "message": "",
                               "children": [["type": "Button", "ref": "ok", "visible": true, "enabled": true, "text": "OK", "style": "cancel"]]]
        #expect(try draw(bare) == "== Screen (Main) ==\n┌─────────────────┐\n│ Saved           │\n│                 │\n│ [ OK (cancel) ] │\n└─────────────────┘")
    }

    @Test func aSecureTextFieldShowsTheMaskedTextItIsSent() throws {
        let root = view("root", [
            ["type": "TextField", "ref": "password", "visible": true, "enabled": true, "text": "••••", "placeholder": "Password",
             "secure": true, "maxLength": nil],
        ])
        #expect(try draw(root) == "== Screen (Main) ==\npassword: [••••]")
    }

    @Test func colourMakesTheTitleBoldAndDisabledButtonsDim() throws {
        let root = view("root", axis: "horizontal", [button("on", "On"), button("off", "Off", enabled: false)])
        let drawing = Wireframe(style: ConsoleStyle(usesColor: true))
            .render(title: "T", controller: "C", root: try snapshot(root))
        #expect(drawing == "\u{1B}[1m== T (C) ==\u{1B}[0m\n[ On ]  \u{1B}[2m[ Off (disabled) ]\u{1B}[0m")
    }
}
