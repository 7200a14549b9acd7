@testable import SlamMCP
import Testing

/// Coming back to a screen the agent read: the answer holds what differs, readable on its own.
@Suite struct ChangeReportTests {
    static let before = [
        "- switch \"Wi-Fi\" [checked] [ref=wifi]",
        "- radiogroup \"Theme\" [ref=theme]:",
        "  - radio \"Light\"",
        "  - radio \"Dark\" [checked]",
        "- paragraph \"Theme: Dark\" [ref=themeLabel]",
        "- button \"Delete\" [ref=delete]",
    ]

    @Test func aScreenAsItWasReadAnswersNothingMore() {
        #expect(ChangeReport.differences(from: Self.before, to: Self.before).isEmpty)
    }

    @Test func aChangedPartComesWithTheLinesItSitsUnderAndAGoneElementIsNamed() {
        let now = [
            "- switch \"Wi-Fi\" [checked] [ref=wifi]",
            "- radiogroup \"Theme\" [ref=theme]:",
            "  - radio \"Light\" [checked]",
            "  - radio \"Dark\"",
            "- paragraph \"Theme: Light\" [ref=themeLabel]",
        ]
        #expect(ChangeReport.differences(from: Self.before, to: now) == [
            "- radiogroup \"Theme\" [ref=theme]:",
            "  - radio \"Light\" [checked]",
            "  - radio \"Dark\"",
            "- paragraph \"Theme: Light\" [ref=themeLabel]",
            "- gone: button \"Delete\" [ref=delete]",
        ])
    }

    @Test func aChangedElementTakesItsPlaceInTheScreenAsTheAgentKnowsIt() {
        var screen = Self.before
        ChangeReport.replace("theme", with: ["- radiogroup \"Theme\" [ref=theme]:", "  - radio \"Light\" [checked]", "  - radio \"Dark\""],
                             in: &screen)
        #expect(screen == [
            "- switch \"Wi-Fi\" [checked] [ref=wifi]",
            "- radiogroup \"Theme\" [ref=theme]:",
            "  - radio \"Light\" [checked]",
            "  - radio \"Dark\"",
            "- paragraph \"Theme: Dark\" [ref=themeLabel]",
            "- button \"Delete\" [ref=delete]",
        ])
        var nested = ["- group \"Counter\" [ref=counter]:", "  - button \"+1\" [ref=increment]", "  - button \"-1\" [disabled] [ref=decrement]"]
        ChangeReport.replace("decrement", with: ["- button \"-1\" [ref=decrement]"], in: &nested)
        #expect(nested.last == "  - button \"-1\" [ref=decrement]")
    }
}
