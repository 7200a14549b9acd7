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
}
