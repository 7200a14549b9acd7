import Testing
import SlamClient
import SlamProtocol
import SlamConsole
import SlamJSON

/// A snapshot from its JSON (as the daemon would send it).
func snapshot(_ json: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws -> Snapshot {
    try #require(Snapshot(json), "not a snapshot: \(json)", sourceLocation: sourceLocation)
}

private let plain = SnapshotFormatter(style: .plain)

@Suite struct SnapshotFormatterTests {
    @Test(arguments: [
        (["type": "View", "ref": "root", "visible": true], "View root"),
        (["type": "Label", "ref": "count", "visible": true, "text": "Count: 0"], #"Label count "Count: 0""#),
        (["type": "Label", "ref": "goal", "visible": false, "text": "Goal reached!"], #"Label goal "Goal reached!" (hidden)"#),
        (["type": "Label", "ref": "", "visible": true, "text": "hi"], #"Label (anonymous) "hi""#),
        (["type": "Button", "ref": "save", "visible": true, "enabled": false, "text": "Save"], #"Button save "Save" (disabled)"#),
        (["type": "Button", "ref": "save", "visible": false, "enabled": false, "text": "Save"],
         #"Button save "Save" (hidden) (disabled)"#),
        (["type": "TextField", "ref": "name", "text": "", "placeholder": "Your name"], #"TextField name placeholder "Your name""#),
        (["type": "TextField", "ref": "name", "text": "Ada", "placeholder": "Your name"], #"TextField name "Ada""#),
        (["type": "TextField", "ref": "name", "text": ""], #"TextField name """#),
        (["type": "TextView", "ref": "notes", "text": "line 1\nline \"2\""], #"TextView notes "line 1\nline \"2\"""#),
        (["type": "Switch", "ref": "wifi", "isOn": true], "Switch wifi on"),
        (["type": "Switch", "ref": "wifi", "isOn": false], "Switch wifi off"),
        (["type": "Stepper", "ref": "volume", "minimumValue": 0.0, "maximumValue": 10.0, "value": 6.0], "Stepper volume 6 (0…10)"),
        (["type": "Stepper", "ref": "volume", "minimumValue": 0, "maximumValue": 1, "value": 0.5], "Stepper volume 0.5 (0…1)"),
        (["type": "Stepper", "ref": "volume"], "Stepper volume ? (?…?)"),
        (["type": "Slider", "ref": "brightness", "minimumValue": 0, "maximumValue": 1, "value": 0.25], "Slider brightness 0.25 (0…1)"),
        (["type": "ProgressView", "ref": "progress", "progress": 0.1], "ProgressView progress 10%"),
        (["type": "ProgressView", "ref": "progress", "progress": 0.666], "ProgressView progress 67%"),
        (["type": "ProgressView", "ref": "progress", "progress": 1], "ProgressView progress 100%"),
        (["type": "ActivityIndicator", "ref": "waiting", "animating": true], "ActivityIndicator waiting spinning"),
        (["type": "ActivityIndicator", "ref": "waiting", "animating": false], "ActivityIndicator waiting idle"),
        (["type": "SegmentedControl", "ref": "theme", "segments": ["Light", "Dark", "Auto"], "selectedSegment": 2],
         "SegmentedControl theme Light | Dark | [Auto]"),
        (["type": "SegmentedControl", "ref": "theme", "segments": ["Light", "Dark"], "selectedSegment": nil],
         "SegmentedControl theme Light | Dark"),
        (["type": "PageControl", "ref": "pages", "numberOfPages": 3, "currentPage": 0], "PageControl pages page 1 of 3"),
        (["type": "PageControl", "ref": "pages", "numberOfPages": 0, "currentPage": 0], "PageControl pages no pages"),
        (["type": "SingleItemTableView", "ref": "items", "items": ["Milk", "Eggs", "Bread"], "selectedRow": 1],
         "SingleItemTableView items 3 rows, row 1 selected"),
        (["type": "SingleItemTableView", "ref": "items", "items": ["Milk"], "selectedRow": nil], "SingleItemTableView items 1 row"),
        (["type": "SingleItemTableView", "ref": "items", "items": []], "SingleItemTableView items 0 rows"),
        (["type": "WebView", "ref": "page", "title": "About Slam", "url": "file:///about.html"],
         #"WebView page "About Slam" file:///about.html"#),
        (["type": "WebView", "ref": "page", "title": nil, "url": nil], "WebView page blank"),
        (["type": "PickerView", "ref": "size", "visible": true, "enabled": true, "components": [["S", "M", "L"], ["Tea", "Coffee"]],
          "selectedRows": [1, 0]], "PickerView size M, Tea"),
        (["type": "PickerView", "ref": "size", "components": [], "selectedRows": []], "PickerView size no components"),
        (["type": "DatePicker", "ref": "due", "mode": "date", "value": "2026-11-23"], "DatePicker due 2026-11-23 (date)"),
        (["type": "SectionedTableView", "ref": "extras", "selectedRows": [[0, 1], [1, 0]],
          "sections": [["header": "Milk", "rows": [["text": "Whole", "detail": nil], ["text": "Oat", "detail": nil]]],
                       ["header": nil, "rows": [["text": "Sugar", "detail": "one spoon"]]]]],
         "SectionedTableView extras 3 rows in 2 sections, selected [0,1] [1,0]"),
        (["type": "SectionedTableView", "ref": "extras", "selectedRows": [], "sections": [["header": nil, "rows": [["text": "One"]]]]],
         "SectionedTableView extras 1 row in 1 section"),
        (["type": "CollectionView", "ref": "cups", "selectedKeys": ["blue"],
          "sections": [["header": "Mugs", "items": [["key": "red", "text": "Red"], ["key": "blue", "text": "Blue"]]]]],
         #"CollectionView cups 2 items in 1 section, selected "blue""#),
        (["type": "Alert", "ref": "", "visible": true, "title": "Discard?", "message": ""], #"Alert (anonymous) "Discard?""#),
    ] as [(JSONValue, String)])
    func aLineShowsTypeReferenceValueAndMarks(_ json: JSONValue, _ expected: String) throws {
        #expect(plain.line(try snapshot(json)) == expected)
    }

    @Test func longTextIsCutToSixtyCharacters() throws {
        let text = String(repeating: "abcdefghij", count: 7)
        let line = plain.line(try snapshot(["type": "Label", "ref": "long", "text": .string(text)]))
        #expect(line == "Label long \"" + String(text.prefix(57)) + "...\"")
        let exactly60 = String(repeating: "x", count: 60)
        #expect(plain.line(try snapshot(["type": "Label", "ref": "l", "text": .string(exactly60)])) == "Label l \"\(exactly60)\"")
    }

    @Test func colourMarksTypeReferenceAndStateWhenOn() throws {
        let colour = SnapshotFormatter(style: ConsoleStyle(usesColor: true))
        let disabled = try snapshot(["type": "Button", "ref": "save", "enabled": false, "text": "Save"])
        #expect(colour.line(disabled) == "\u{1B}[36mButton\u{1B}[0m \u{1B}[1msave\u{1B}[0m \"Save\" \u{1B}[33m(disabled)\u{1B}[0m")
        let anonymous = try snapshot(["type": "View", "ref": ""])
        #expect(colour.line(anonymous) == "\u{1B}[36mView\u{1B}[0m \u{1B}[2m(anonymous)\u{1B}[0m")
        #expect(!plain.line(disabled).contains("\u{1B}"))
    }

    @Test func detailsListEveryPropertyButTypeReferenceAndChildren() throws {
        let button = try snapshot([
            "type": "Button", "ref": "reset", "visible": true, "enabled": false, "task": "resetCounter", "param": nil,
            "autoUI": true, "text": "Reset", "children": [],
        ])
        #expect(plain.details(button) == """
            Button reset "Reset" (disabled)
              visible: true
              enabled: false
              task: "resetCounter"
              param: null
              autoUI: true
              text: "Reset"
            """)
    }

    @Test func anOutlineIndentsTwoSpacesPerLevelInTreeOrder() throws {
        let tree = try snapshot([
            "type": "View", "ref": "root", "visible": true, "children": [
                ["type": "Label", "ref": "heading", "visible": true, "text": "Counter"],
                ["type": "View", "ref": "buttons", "visible": true, "children": [
                    ["type": "Button", "ref": "increment", "visible": true, "enabled": true, "text": "+1"],
                    ["type": "View", "ref": "", "visible": false, "children": [
                        ["type": "Button", "ref": "deep", "visible": true, "enabled": false, "text": "Deep"],
                    ]],
                ]],
                ["type": "Label", "ref": "goal", "visible": false, "text": "Goal"],
            ],
        ])
        #expect(plain.outline(tree) == """
            View root
              Label heading "Counter"
              View buttons
                Button increment "+1"
                View (anonymous) (hidden)
                  Button deep "Deep" (disabled)
              Label goal "Goal" (hidden)
            """)
        #expect(plain.outline(try snapshot(["type": "Switch", "ref": "alone", "isOn": true])) == "Switch alone on")
    }

    @Test func consoleStyleWrapsInEscapesOnlyWhenColourIsOn() {
        let colour = ConsoleStyle(usesColor: true)
        #expect(colour.bold("a") == "\u{1B}[1ma\u{1B}[0m")
        #expect(colour.dim("a") == "\u{1B}[2ma\u{1B}[0m")
        #expect(colour.red("a") == "\u{1B}[31ma\u{1B}[0m")
        #expect(colour.green("a") == "\u{1B}[32ma\u{1B}[0m")
        #expect(colour.yellow("a") == "\u{1B}[33ma\u{1B}[0m")
        #expect(colour.cyan("a") == "\u{1B}[36ma\u{1B}[0m")
        let none = ConsoleStyle.plain
        #expect([none.bold("a"), none.dim("a"), none.red("a"), none.green("a"), none.yellow("a"), none.cyan("a")]
                == Array(repeating: "a", count: 6))
    }
}
