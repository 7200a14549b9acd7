import Testing
import SlamConsole
import SlamJSON
import SlamProtocol
import SlamUI

/// `slamctl record`'s recorder: action events become flow steps that replay them
/// (Protocol/examples/recorded-flow.json holds both sides; the inspector's recorder is held to it too).
@Suite struct FlowRecorderTests {
    static var cases: JSONValue {
        get throws {
            let root = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound))
            let text = try #require(FileContents.readText(atPath: root + "/Protocol/examples/recorded-flow.json"))
            return try JSONParser().parse(Array(text.utf8))
        }
    }

    @Test func actionEventsBecomeTheCommittedSteps() throws {
        let cases = try Self.cases
        var recorder = FlowRecorder(name: "recorded")
        for action in try #require(cases["actions"]?.arrayValue) {
            recorder.record(try ActionEvent(json: action))
        }
        #expect(JSONValue.array(recorder.steps) == cases["steps"])
    }

    @Test func theFileIsAFlowThatReadsBackOneStepPerLine() throws {
        let cases = try Self.cases
        var recorder = FlowRecorder(name: "recorded")
        for action in try #require(cases["actions"]?.arrayValue) {
            recorder.record(try ActionEvent(json: action))
        }
        let text = recorder.fileText
        let flow = try Flow(json: JSONParser().parse(Array(text.utf8)))
        #expect(flow.name == "recorded" && flow.steps.count == recorder.steps.count)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("    {") }.count == recorder.steps.count)
    }

    @Test func anExpectStepChecksAProperty() throws {
        var recorder = FlowRecorder(name: "x")
        recorder.expect("count", property: "text", equals: "Count: 1")
        #expect(recorder.steps == [["expect": "count", "property": "text", "equals": "Count: 1"]])
    }

    @Test func stateAndAriaChecksBecomeStepsAFlowReadsBack() throws {
        var recorder = FlowRecorder(name: "x")
        recorder.expect(ElementLocator(role: "button", name: "-1"), state: .visible)
        recorder.expect("wifi", state: .absent)
        recorder.expectAria("- button \"+1\"\n- button \"-1\" [disabled]\n", in: "counterButtons")
        #expect(recorder.steps == [
            ["wait": ["role": "button", "name": "-1"], "state": "visible"],
            ["expectAbsent": "wifi"],
            ["expectAria": ["- button \"+1\"", "- button \"-1\" [disabled]"], "ref": "counterButtons"],
        ])
        let flow = try Flow(json: JSONParser().parse(Array(recorder.fileText.utf8)))
        #expect(flow.steps.map(\.step.summary) == [
            "wait button \"-1\" visible", "expect wifi absent", "expectAria counterButtons - button \"+1\" (+1 line)",
        ])
    }
}
