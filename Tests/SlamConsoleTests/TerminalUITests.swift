import Testing
import SlamClient
import SlamConsole
import SlamJSON

private func element(_ type: String, _ reference: String, _ members: JSONValue.Object = [:]) -> JSONValue {
    var object: JSONValue.Object = ["type": .string(type), "ref": .string(reference), "visible": true]
    for (key, value) in members { object[key] = value }
    return .object(object)
}

private func view(_ reference: String, axis: String = "vertical", _ children: [JSONValue]) -> JSONValue {
    element("View", reference, ["axis": .string(axis), "spacing": 8.0, "children": .array(children)])
}

/// The demo's home screen, as `ui.attach` gives it (node numbers included). Computed each time:
/// a global JSON value lives until exit, which LeakSanitizer reports as a leak.
private var home: JSONValue { view("root", [
    element("Label", "heading", ["text": "Counter"]),
    element("Label", "count", ["text": "Count: 3"]),
    element("ProgressView", "progress", ["progress": 0.3]),
    element("Label", "goal", ["text": "Goal reached!", "visible": false]),
    view("counterButtons", axis: "horizontal", [
        element("Button", "increment", ["text": "+1", "enabled": true, "focused": true, "node": 7]),
        element("Button", "decrement", ["text": "-1", "enabled": false]),
        element("Button", "reset", ["text": "Reset", "enabled": true]),
    ]),
]) }

private var chrome: ScreenRenderer.Chrome { ScreenRenderer.Chrome(title: "Slam Demo", stack: ["Home"], status: "Ready", help: "Tab move") }

@Suite struct ScreenRendererTests {
    @Test func drawsTheHomeScreenWithTitleAndStatusLines() {
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: home, width: 40, height: 10)
        #expect(frame.lines.count == 10)
        #expect(frame.lines.allSatisfy { $0.width == 40 || $0.width <= 40 })
        #expect(frame.plainText == """
             Slam Demo  Home

             Counter
             Count: 3
             [###-------] 30%
             [ +1 ]  [ -1 ]  [ Reset ]



             Ready                         Tab move
            """)
    }

    @Test func recordsWhereEachElementIsForTheMouse() throws {
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: home, width: 40, height: 10)
        let increment = try #require(frame.region(atRow: 5, column: 3))
        #expect(increment.ref == "increment" && increment.node == 7 && increment.action == .press(nil))
        #expect(frame.region(atRow: 5, column: 11)?.ref == "decrement")
        #expect(frame.region(atRow: 5, column: 8) == nil, "the gap between buttons is nobody's")
        #expect(frame.region(atRow: 3, column: 2) == nil, "labels are not clickable")
    }

    @Test func focusIsReverseVideoAndDisabledIsDim() {
        let line = ScreenRenderer(usesColor: false).render(chrome, root: home, width: 40, height: 10).lines[5]
        #expect(line.spans.first { $0.text == "[ +1 ]" }?.style.reverse == true)
        #expect(line.spans.first { $0.text == "[ -1 ]" }?.style.dim == true)
        #expect(line.encoded(usesColor: false).contains("\u{1B}[1;7m[ +1 ]\u{1B}[0m"))
        #expect(!line.encoded(usesColor: false).contains("\u{1B}[3"), "no colours without colour")
    }

    @Test func aHeadingIsBold() {
        let root = view("root", [
            element("Label", "title", ["role": "heading", "name": "Counter", "text": "Counter", "level": 2]),
            element("Label", "count", ["role": "paragraph", "name": "Count: 3", "text": "Count: 3"]),
        ])
        let frame = ScreenRenderer(usesColor: true).render(chrome, root: root, width: 40, height: 10)
        #expect(frame.lines[2].spans.first { $0.text.contains("Counter") }?.style.bold == true)
        #expect(frame.lines[3].spans.first { $0.text.contains("Count: 3") }?.style.bold == false, "a paragraph stays plain")
    }

    @Test func horizontalRowsWrapWhenNarrow() {
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: home, width: 20, height: 10)
        #expect(frame.lines[5].plainText.hasPrefix(" [ +1 ]  [ -1 ]"))
        #expect(frame.lines[6].plainText.hasPrefix(" [ Reset ]"))
        #expect(frame.region(atRow: 6, column: 2)?.ref == "reset")
    }

    @Test func controlsHaveRegionsWithTheirValues() {
        let root = view("root", [
            element("Stepper", "volume", ["value": 6.0, "minimumValue": 0.0, "maximumValue": 10.0, "enabled": true]),
            element("SegmentedControl", "theme", ["segments": ["Light", "Dark"], "selectedSegment": 1, "enabled": true]),
            element("SingleItemTableView", "items", ["items": ["Milk", "Eggs"], "selectedRow": 1]),
            element("TextField", "name", ["text": "", "placeholder": "Your name", "enabled": true]),
            element("WebView", "web", ["url": "https://swift.org", "title": "Swift"]),
            element("Switch", "wifi", ["isOn": true, "visible": false]),
        ])
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: root, width: 60, height: 12)
        let text = frame.plainText
        #expect(text.contains(" volume: [-] 6 [+]  (0…10)"))
        #expect(text.contains(" theme: | Light |[Dark]|"))
        #expect(text.contains("\n   Milk\n > Eggs\n"))
        #expect(text.contains(" name: [(Your name)     ]"))
        #expect(text.contains(" <web: Swift — https://swift.org>"))
        #expect(!text.contains("wifi"), "hidden elements are not drawn")
        #expect(frame.region(atRow: 2, column: 9)?.action == .press("decrement"))
        #expect(frame.region(atRow: 2, column: 15)?.action == .press("increment"))
        #expect(frame.region(atRow: 3, column: 9)?.action == .press(0))
        #expect(frame.region(atRow: 5, column: 5)?.action == .press(1))
        #expect(frame.region(atRow: 6, column: 10)?.action == .focus)
    }

    @Test func aSliderIsATrackWhoseCellsPressTheValueTheyStandFor() throws {
        let root = view("root", [element("Slider", "volume", ["value": 40, "minimumValue": 0, "maximumValue": 100, "enabled": true])])
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: root, width: 60, height: 8)
        #expect(frame.plainText.contains(" volume: [====o------] 40  (0…100)"))
        #expect(frame.region(atRow: 2, column: 10)?.action == .press(.double(0)), "the first cell is the minimum")
        #expect(frame.region(atRow: 2, column: 12)?.action == .press(.double(20)))
        #expect(frame.region(atRow: 2, column: 14)?.action == .press(.double(40)), "the thumb, the value as it is")
        #expect(frame.region(atRow: 2, column: 20)?.action == .press(.double(100)), "the last cell is the maximum")
        #expect(frame.region(atRow: 2, column: 21) == nil, "the bracket presses nothing")
        #expect(try #require(frame.region(atRow: 2, column: 16)).ref == "volume")
    }

    @Test func aSliderOfAnyRangeDrawsAndItsLastCellIsItsMaximum() throws {
        // A range wider than a double and one whose tenths add up past the maximum.
        let root = view("root", [
            element("Slider", "wide", ["value": 1e308, "minimumValue": -1e308, "maximumValue": 1e308, "enabled": true]),
            element("Slider", "odd", ["value": -0.1, "minimumValue": -0.1, "maximumValue": 0.2, "enabled": true]),
        ])
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: root, width: 80, height: 8)
        #expect(frame.plainText.contains("wide: [==========o]"))
        let last = try #require(frame.lines.firstIndex { $0.plainText.contains("odd: [") })
        let column = try #require(frame.lines[last].plainText.firstIndex(of: "]")).utf16Offset(in: frame.lines[last].plainText) - 1
        #expect(frame.region(atRow: last, column: column)?.action == .press(.double(0.2)))
    }

    @Test func aTallBodyScrollsToTheFocusedElement() {
        let rows = (0..<30).map { element("Label", "l\($0)", ["text": .string("line \($0)")]) }
        let root = view("root", rows + [element("Button", "last", ["text": "Last", "enabled": true, "focused": true])])
        let frame = ScreenRenderer(usesColor: false).render(chrome, root: root, width: 30, height: 10)
        #expect(frame.plainText.contains("[ Last ]"))
        #expect(frame.regions.contains { $0.ref == "last" })
        #expect(frame.lines[2].plainText.contains("↑ more"))
    }

    @Test func anAlertIsBoxed() {
        let alert = element("Alert", "", ["title": "Order?", "message": "Two items", "children": [
            element("Button", "cancel", ["text": "Cancel", "style": "cancel", "enabled": true]),
            element("Button", "ok", ["text": "OK", "style": "normal", "enabled": true]),
        ]])
        let text = ScreenRenderer(usesColor: false).render(chrome, root: alert, width: 40, height: 10).plainText
        #expect(text.contains("┌"))
        #expect(text.contains("│ Order?"))
        #expect(text.contains("│ [ Cancel ]  [ OK ] │"))
    }
}

@Suite struct TerminalKeyDecoderTests {
    @Test func decodesKeysAsTheDaemonNamesThem() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\t\u{1B}[Z\r a\u{7F}".utf8)) ==
                [.key("Tab"), .key("Shift+Tab"), .key("Enter"), .key(" "), .key("a"), .key("Backspace")])
        #expect(decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[1;2D".utf8)) ==
                [.key("ArrowUp"), .key("ArrowDown"), .key("ArrowRight"), .key("ArrowLeft")])
        #expect(decoder.decode([0x1B]) == [.key("Escape")])
        #expect(decoder.decode([0x03, 0x0C]) == [.interrupt, .repaint])
        #expect(decoder.decode([0x04, 0x11]) == [.quit, .quit])
        #expect(decoder.decode(Array("é€".utf8)) == [.key("é"), .key("€")])
    }

    @Test func decodesSGRMouseReports() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8)) == [.click(row: 4, column: 11)])
        #expect(decoder.decode(Array("\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<32;3;3M\u{1B}[<2;3;3M".utf8)) == [.wheel(-1), .wheel(1)])
    }

    @Test func keepsASequenceCutBetweenReads() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("x\u{1B}[".utf8)) == [.key("x")])
        #expect(decoder.decode(Array("<0;2;3M".utf8)) == [.click(row: 2, column: 1)])
        #expect(decoder.decode([0xC3]) == [])
        #expect(decoder.decode([0xA9]) == [.key("é")])
    }
}

@Suite struct TerminalRepaintTests {
    private func frame(_ lines: [String]) -> TerminalFrame {
        TerminalFrame(lines: lines.map { TerminalLine($0) }, regions: [], width: 5)
    }

    @Test func paintsEverythingFirstThenOnlyChangedLines() {
        var repaint = TerminalRepaint(usesColor: false)
        let first = repaint.update(to: frame(["ab", "cd", "efghi"]))
        #expect(first == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hab\u{1B}[K\u{1B}[2;1Hcd\u{1B}[K\u{1B}[3;1Hefghi")
        #expect(repaint.update(to: frame(["ab", "cd", "efghi"])) == "", "nothing changed, nothing written")
        #expect(repaint.update(to: frame(["ab", "CD", "efghi"])) == "\u{1B}[2;1HCD\u{1B}[K")
        repaint.invalidate()
        #expect(repaint.update(to: frame(["ab", "CD", "efghi"])).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }

    @Test func aNewSizePaintsEverything() {
        var repaint = TerminalRepaint(usesColor: false)
        _ = repaint.update(to: frame(["a", "b"]))
        #expect(repaint.update(to: frame(["a", "b", "c"])).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }
}

@Suite struct RemoteUIModelTests {
    @Test func appliesBatchesAndRefusesGaps() throws {
        let model = RemoteUIModel()
        try model.attach(["seq": 4, "state": [:], "stack": [
            ["screen": 1, "id": "Home", "title": "Home", "modal": false,
             "tree": ["type": "View", "ref": "root", "node": 1, "children": [["type": "Label", "ref": "count", "text": "0", "node": 2]]]],
        ]])
        try model.apply(["seq": 5, "ops": [["op": "update", "node": 2, "snapshot": ["type": "Label", "ref": "count", "text": "1"]]]])
        #expect(model.tree(ofScreenAt: 0)["children"]?[0]?["text"] == "1")
        #expect(model.tree(ofScreenAt: 0, nodeNumbers: true)["children"]?[0]?["node"] == 2)
        #expect(throws: RemoteUIModel.Violation.self) { try model.apply(["seq": 7, "ops": []]) }
    }
}
