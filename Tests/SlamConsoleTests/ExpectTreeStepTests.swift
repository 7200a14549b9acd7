import Testing
import SlamConsole
import SlamJSON
import SlamProtocol

/// A flow's `expectTree` step: `{"expectTree": {template}, "ref"?, "strict"?, "controller"?}`.
@Suite struct ExpectTreeStepTests {
    private func parse(_ text: String) throws -> Flow {
        try Flow(json: JSONParser().parse(text))
    }

    private func formatError(_ text: String) throws -> Flow.FormatError? {
        let json = try JSONParser().parse(text)
        do throws(Flow.FormatError) {
            _ = try Flow(json: json)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesTheTemplateRefStrictAndController() throws {
        let flow = try parse("""
            {"steps": [
              {"expectTree": {"children": [{"ref": "count", "text": "/^Count/"}]}},
              {"expectTree": {"children": []}, "ref": "counterButtons", "strict": true, "controller": "Home", "timeoutMs": 100}]}
            """)
        let template = try TreeTemplate(json: ["children": [["ref": "count", "text": "/^Count/"]]])
        #expect(flow.steps[0].step == .expectTree(template: template, reference: nil, strict: false))
        #expect(flow.steps[1].step == .expectTree(template: try TreeTemplate(json: ["children": []]), reference: "counterButtons", strict: true))
        #expect(flow.steps[1].controller == "Home" && flow.steps[1].timeoutMilliseconds == 100)
    }

    @Test func summariesShowTheTemplateInOneLine() throws {
        let template = try TreeTemplate(json: ["type": "View", "children": [["text": "/^Sa/"], ["text": "Cancel"]]])
        #expect(Flow.Step.expectTree(template: template, reference: nil, strict: false).summary
                == #"expectTree {type: "View", children: [2 elements]}"#)
        #expect(Flow.Step.expectTree(template: try TreeTemplate(json: ["text": "/^Sa/i"]), reference: "save", strict: true).summary
                == "expectTree save strict {text: /^Sa/i}")
    }

    @Test(arguments: [
        (#"{"steps": [{"expectTree": "Save"}]}"#, "$.steps[0].expectTree",
         "an element template must be an object (as `tree` answers), got string"),
        (#"{"steps": [{"expectTree": {"children": {"ref": "a"}}}]}"#, "$.steps[0].expectTree.children",
         "children must be an array of element templates, got object"),
        (#"{"steps": [{"press": "a"}, {"expectTree": {"children": [{"text": "/[/"}]}}]}"#, "$.steps[1].expectTree.children[0].text", nil),
        (#"{"steps": [{"expectTree": {}, "strict": "yes"}]}"#, "$.steps[0].strict", "must be true or false"),
        (#"{"steps": [{"expectTree": {}, "ref": 3}]}"#, "$.steps[0].ref", "must be a reference (a string) or a locator (an object), got integer"),
        (#"{"steps": [{"expectTree": {}, "value": 3}]}"#, "$.steps[0].value", "not a member of a expectTree step (it takes controller, ref, strict)"),
    ] as [(String, String, String?)])
    func malformedStepsNameTheirJSONPath(_ text: String, _ path: String, _ reason: String?) throws {
        let error = try formatError(text)
        #expect(error?.path == path)
        if let reason { #expect(error?.reason == reason) } else { #expect(error?.reason.contains("is not a valid regular expression") == true) }
    }
}
