import Testing
import SlamHarness

/// `slamd --check` on number formats in placeholders (`{total:.2f}`).
extension StoryboardCheckCommandTests {
    @Test func aFormatThatCannotBeReadIsAnErrorWithItsPath() throws {
        let path = try writeTemporaryFile(named: "format.json", #"""
            {"initial": "Home", "state": {"tip": 0}, "controllers": [{"id": "Home", "view": {"type": "View", "ref": "root", "children": [
              {"type": "Label", "ref": "tip", "bind": {"text": "Tip {tip:.2x}"}}]}}]}
            """#)
        defer { removeTemporaryFile(path) }
        let run = try slamd("--check", path)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            \(path):$.controllers[0].view.children[0].bind.text: error: cannot bind: "Tip {tip:.2x}": {tip:.2x}: format '.2x': 'x' is not a format type; types: d (whole number), f (fixed decimals), e (exponent), % (percent)
            \(path): 1 error

            """)
    }

    @Test func aNumberFormatOnAKeyThatStartsAsTextIsAWarning() throws {
        let path = try writeTemporaryFile(named: "format.json", #"""
            {"initial": "Home", "state": {"tip": "none yet", "bill": "12.50"}, "controllers": [{"id": "Home", "view": {"type": "View", "ref": "root", "children": [
              {"type": "Label", "ref": "bill", "bind": {"text": "Bill {bill:,.2f}"}},
              {"type": "Label", "ref": "tip", "bind": {"text": "Tip {tip:.2f}"}}]}}]}
            """#)
        defer { removeTemporaryFile(path) }
        let run = try slamd("--check", path)
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            \(path):$.controllers[0].view.children[1].bind.text: warning: {tip:.2f} formats a number, but state key 'tip' starts as a string ("none yet"): it shows as plain text until it holds a number
            \(path): 1 warning

            """)
    }
}
