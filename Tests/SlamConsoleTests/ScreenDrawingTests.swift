import Testing
import SlamClient
import SlamJSON
import SlamUI
@testable import SlamConsole

private func element(_ type: String, _ reference: String, _ members: JSONValue.Object = [:]) -> JSONValue {
    var object: JSONValue.Object = ["type": .string(type), "ref": .string(reference), "visible": true]
    for (key, value) in members { object[key] = value }
    return .object(object)
}

/// `slamctl screen` and `slamctl ui` draw one drawing: the terminal adds colours, the focus and input, the
/// wireframe states in words, and nothing else differs.
@Suite struct ScreenDrawingTests {
    @Test func everyElementTypeHasADrawing() {
        // A container draws nothing of its own; an alert's root is made by presenting an alert.
        let drawn = Set(ElementType.builtIn.keys).subtracting(["View"]).union(["Alert"])
        #expect(drawn.subtracting(ScreenDrawing.elements.keys).sorted() == [], "element types without an entry in ScreenDrawing.elements")
    }

    /// Every element kind except a text field (the terminal keeps it as wide as one types into), enabled
    /// and unfocused, so that neither layer has anything to add.
    private var everyKind: JSONValue {
        element("View", "root", ["axis": "vertical", "children": [
            element("Label", "heading", ["text": "Two\nlines"]),
            element("View", "row", ["axis": "horizontal", "children": [
                element("Button", "save", ["text": "Save", "enabled": true]),
                element("Switch", "wifi", ["isOn": true, "enabled": true]),
            ]]),
            element("Stepper", "volume", ["value": 6.0, "minimumValue": 0.0, "maximumValue": 10.0, "enabled": true]),
            element("ProgressView", "progress", ["progress": 0.4]),
            element("ActivityIndicator", "busy", ["animating": true]),
            element("SegmentedControl", "theme", ["segments": ["Light", "Dark"], "selectedSegment": 1, "enabled": true]),
            element("PageControl", "pages", ["numberOfPages": 3, "currentPage": 2, "enabled": true]),
            element("TextView", "notes", ["text": "one\ntwo"]),
            element("SingleItemTableView", "items", ["items": ["Milk", "Eggs"], "selectedRow": 1]),
            element("SectionedTableView", "settings", ["multipleSelection": true, "selectedRows": [[0, 1]], "sections": [
                ["header": "General", "rows": [["text": "About", "detail": nil], ["text": "Language", "detail": "English"]]],
            ]]),
            element("CollectionView", "grid", ["columns": 2, "selectedKeys": ["b"], "sections": [
                ["header": "Letters", "items": [["key": "a", "text": "A"], ["key": "b", "text": "Bee"], ["key": "c", "text": "C"]]],
            ]]),
            element("PickerView", "size", ["components": [["S", "M"], ["Red"]], "selectedRows": [1, 0], "enabled": true]),
            element("DatePicker", "due", ["value": "2026-11-23", "minimumDate": "2026-01-01", "maximumDate": nil, "enabled": true]),
            element("WebView", "page", ["title": "About", "url": "https://swift.org"]),
        ]])
    }

    @Test func theTerminalBodyIsTheWireframe() throws {
        let wireframe = Wireframe().render(title: "T", controller: "C", root: try snapshot(everyKind))
        let body = wireframe.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let frame = ScreenRenderer(usesColor: true).render(.init(title: "T", stack: ["C"], status: ""), root: everyKind,
                                                          width: 100, height: body.count + 3)
        let terminal = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).dropLast()
            .map { String($0.dropFirst()) }  // the terminal's left margin
        #expect(terminal == body)
        #expect(body.contains("[ Save ]  wifi: [x] on") && body.contains("> Eggs") && body.contains("[ ] About"), "\(body)")
    }

    @Test func theLayersShowStatesTheirOwnWay() throws {
        let root = element("View", "root", ["axis": "vertical", "children": [
            element("Stepper", "volume", ["value": 6.0, "minimumValue": 0.0, "maximumValue": 10.0, "enabled": true, "focused": true]),
            element("Switch", "wifi", ["isOn": false, "enabled": false]),
        ]])
        let wireframe = Wireframe().render(title: "T", controller: "C", root: try snapshot(root))
        #expect(wireframe == "== T (C) ==\nvolume: [-] 6 [+]  (0…10) (focused)\nwifi: [ ] off (disabled)")
        let frame = ScreenRenderer(usesColor: false).render(.init(title: "T", stack: ["C"], status: ""), root: root, width: 60, height: 6)
        #expect(frame.lines[2].plainText.hasPrefix(" volume: [-] 6 [+]  (0…10)") && frame.lines[3].plainText.hasPrefix(" wifi: [ ] off"))
        #expect(!frame.plainText.contains("(focused)") && !frame.plainText.contains("(disabled)"))
        #expect(frame.lines[2].spans.first { $0.text.contains("[-]") }?.style.reverse == true, "the focused control in reverse video")
        #expect(frame.lines[3].spans.first { $0.text.contains("[ ] off") }?.style.dim == true, "a disabled one dim")
    }
}
