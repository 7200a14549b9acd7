import Testing
import SlamConsole

/// The JUnit XML `slamctl run --junit` writes for CI systems.
@Suite struct JUnitReportTests {
    private let report = JUnitReport(
        name: "slamctl run shard 1/2",
        tests: [
            .init(name: "counter", className: "flows/counter.json", seconds: 0.0126, outcome: .passed),
            .init(name: "check <out> & \"pay\"", className: "flows/pay.json", seconds: 1.5,
                  outcome: .failure(message: "step 2 of 3: expect total text = \"9\"", type: "step 2 failed",
                                    text: "error -32008: <timed out>\n\u{1B}[31mFAILED\u{1B}[0m step 2\u{7}"),
                  output: "flow pay: 3 steps\nok step 1: press 'buy'"),
            .init(name: "lost", className: "flows/lost.json", seconds: 0,
                  outcome: .error(message: "lost slamd: connection closed", type: "could not run", text: "lost slamd")),
        ],
        seconds: 1.5004, startedAt: 1_795_000_000, hostname: "ci-1")

    @Test func theDocumentHasTheSchemasShapeAndCounts() {
        #expect(report.xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="slamctl run shard 1/2" tests="3" failures="1" errors="1" time="1.500">
              <testsuite name="slamctl run shard 1/2" tests="3" failures="1" errors="1" skipped="0" time="1.500" timestamp="2026-11-18T11:06:40Z" hostname="ci-1">
                <testcase name="counter" classname="flows/counter.json" time="0.013"/>
                <testcase name="check &lt;out&gt; &amp; &quot;pay&quot;" classname="flows/pay.json" time="1.500">
                  <failure message="step 2 of 3: expect total text = &quot;9&quot;" type="step 2 failed">error -32008: &lt;timed out&gt;
            FAILED step 2</failure>
                  <system-out>flow pay: 3 steps
            ok step 1: press 'buy'</system-out>
                </testcase>
                <testcase name="lost" classname="flows/lost.json" time="0.000">
                  <error message="lost slamd: connection closed" type="could not run">lost slamd</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func anEmptyRunIsAValidReportOfNoTests() {
        let empty = JUnitReport(name: "slamctl run", tests: [], seconds: 0, startedAt: 0, hostname: "h")
        #expect(empty.failures == 0 && empty.errors == 0)
        #expect(empty.xml.contains(#"<testsuites name="slamctl run" tests="0" failures="0" errors="0" time="0.000">"#))
        #expect(empty.xml.contains(#"timestamp="1970-01-01T00:00:00Z""#))
    }

    @Test func aLineBreakInAnAttributeIsKept() {
        let broken = JUnitReport(name: "two\nlines", tests: [], seconds: 0, startedAt: 0, hostname: "h")
        #expect(broken.xml.contains(#"name="two&#10;lines""#))
    }
}
