import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamHarnessInProcess

/// Accessibility snapshots in the harness: `app.snapshot()` and `app.expectAria`, which fails with the diff.
@Suite struct AccessibilitySnapshotHarnessTests {
    @Test func snapshotAndExpectAriaOnTheDemo() throws {
        let app = try SlamApp.launch()
        #expect(try app.snapshot().hasPrefix("- heading \"Counter\" [level=2] [ref=heading]\n- paragraph \"Count: 0\" [ref=count]\n"))
        try app.button("increment").press()
        let root = try app.expectAria("""
            - paragraph /^Count: 1$/
            - group "Counter":
              - button "-1" [disabled=false]
            """)
        #expect(root.reference == "root")
        do {
            try app.expectAria("- paragraph \"Count: 5\"", timeout: .milliseconds(50))
            Issue.record("a snapshot without the paragraph contained the template")
        } catch let error as HarnessError {
            guard case .ariaMismatch(let diff) = error else { throw error }
            #expect(diff.contains("\n- - paragraph \"Count: 5\"\n") && diff.contains("\n+ - paragraph \"Count: 1\" [ref=count]\n"))
            #expect(error.description.hasPrefix("the accessibility snapshot does not contain the template:\n--- expected (template)\n"))
        }
        #expect(throws: AriaTemplate.FormatError.self) { try app.expectAria("button") }
        #expect(try app.view("counterButtons").accessibilitySnapshot().hasPrefix("- group \"Counter\" [ref=counterButtons]:\n"))
        #expect(try app.view("counterButtons").expectAria("- button \"-1\" [disabled=false]").reference == "counterButtons")
        #expect(throws: HarnessError.self) { try app.view("counterButtons").expectAria("- heading", timeout: .zero) }
    }
}
