@testable import SlamMCP
import Testing

/// What counts as shown text in a snapshot line: names, values and descriptions, never roles, states or refs.
@Suite struct SnapshotLineTextTests {
    @Test(arguments: [
        ("- button \"+1\" [description=\"Adds one to the count\"] [ref=increment]", ["+1", "Adds one to the count"]),
        ("- button \"-1\" [disabled] [ref=decrement]", ["-1"]),
        ("- spinbutton \"Volume\" [value=5] [min=0] [max=10] [ref=volume]", ["Volume", "5"]),
        ("- slider \"Page\" [value=\"Page 1 of 3\"] [ref=pages]", ["Page", "Page 1 of 3"]),
        ("  - textbox \"Name\" [focused] [ref=name]: Ann", ["Name", "Ann"]),
        ("- paragraph \"Say \\\"hi\\\"\" [ref=\"a b\"]", ["Say \"hi\""]),
        ("- radiogroup \"Theme\" [ref=theme]:", ["Theme"]),
        ("  - radio \"Auto\" [checked]", ["Auto"]),
    ])
    func texts(line: String, expected: [String]) {
        #expect(SnapshotLineText.texts(of: line) == expected)
    }
}
