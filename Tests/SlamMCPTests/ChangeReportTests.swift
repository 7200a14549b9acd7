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

    /// Rows without references that become twins of each other still differ from what was read, and a
    /// row that is gone shows as the list it was in, as it is now.
    @Test func aLineThatBecameTheTwinOfAnotherIsStillAChange() {
        let before = ["- list \"Fruit\" [ref=fruit]:", "  - row \"Apple\"", "  - row \"Pear\""]
        let now = ["- list \"Fruit\" [ref=fruit]:", "  - row \"Apple\"", "  - row \"Apple\""]
        #expect(ChangeReport.differences(from: before, to: now) == now)
        let shorter = ["- list \"Fruit\" [ref=fruit]:", "  - row \"Apple\"", "- paragraph \"1 fruit\" [ref=count]"]
        #expect(ChangeReport.differences(from: before + ["- paragraph \"1 fruit\" [ref=count]"], to: shorter)
                == ["- list \"Fruit\" [ref=fruit]:", "  - row \"Apple\""])
    }

    /// What the agent knows of a screen after an answer: what it was shown, as shown; the rest as it knew it.
    @Test func theScreenAsKnownHoldsWhatWasShownAndNothingItWasNot() {
        let known = ["- switch \"Wi-Fi\" [checked] [ref=wifi]", "- paragraph \"Wi-Fi is on\" [ref=status]",
                     "- list \"Rows\" [ref=rows]:", "  - row \"1\"", "  - row \"2\""]
        let now = ["- switch \"Wi-Fi\" [ref=wifi]", "- paragraph \"Wi-Fi is off\" [ref=status]", "- button \"New\" [ref=new]",
                   "- list \"Rows\" [ref=rows]:", "  - row \"1\" [selected]", "  - row \"2\""]
        // Shown: the switch only; the status changed behind the agent's back and the button is new to it.
        #expect(ChangeReport.knowledge(of: now, known: known, shown: ["wifi"], blocks: [:])
                == ["- switch \"Wi-Fi\" [ref=wifi]", "- paragraph \"Wi-Fi is on\" [ref=status]",
                    "- list \"Rows\" [ref=rows]:", "  - row \"1\"", "  - row \"2\""])
        // A cut-off list is known as far as it was shown.
        let cut = ["- list \"Rows\" [ref=rows]:", "  - row \"1\" [selected]", "  … 1 more lines"]
        #expect(ChangeReport.knowledge(of: now, known: known, shown: ["rows"], blocks: ["rows": cut]).suffix(3) == cut[...])
    }

    /// A gone element is named once: what was inside it goes with it.
    @Test func aGoneElementTakesWhatIsInsideItAlong() {
        let known = ["- group \"Row\" [ref=row]:", "  - button \"Remove\" [ref=row/remove]", "- paragraph \"1 left\" [ref=left]"]
        #expect(ChangeReport.goneElements(from: known, present: ["left"]).map(\.reference) == ["row"])
        #expect(ChangeReport.goneElements(from: known, present: ["left", "row"]).map(\.reference) == ["row/remove"])
    }

    /// Rows that swapped places are news, though every line is as it was.
    @Test func elementsThatMovedAreShown() {
        let before = ["- switch \"A\" [ref=a]", "- switch \"B\" [ref=b]", "- paragraph \"2 to do\" [ref=count]"]
        let now = ["- switch \"B\" [ref=b]", "- switch \"A\" [ref=a]", "- paragraph \"2 to do\" [ref=count]"]
        #expect(ChangeReport.differences(from: before, to: now).count == 1)
        #expect(ChangeReport.longestIncreasingRun([3, 1, 2, 5, 4]) == [1, 2, 4])
    }

    /// A button shown changed inside a group not shown: the group as known, the button as shown.
    @Test func aShownElementInsideAnUnshownOneIsKnownAsShown() {
        let known = ["- group \"Counter\" [ref=counter]:", "  - button \"+1\" [ref=increment]", "  - button \"-1\" [disabled] [ref=decrement]"]
        let now = ["- group \"Counter\" [ref=counter]:", "  - button \"+1\" [ref=increment]", "  - button \"-1\" [ref=decrement]"]
        #expect(ChangeReport.knowledge(of: now, known: known, shown: ["decrement"], blocks: [:]) == now)
    }
}
