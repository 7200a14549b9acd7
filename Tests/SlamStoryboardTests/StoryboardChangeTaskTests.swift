import Testing
import SlamJSON
import SlamUI
@testable import SlamStoryboard

/// `changeTask`, `changeParam` and `changeDebounceMs`: read onto elements a person changes, refused
/// elsewhere with the path, and checked as `task` is.
@Suite struct StoryboardChangeTaskTests {
    func element(_ json: String) throws -> Storyboard.ElementDeclaration {
        try #require(try checkedStoryboard(json).controllers.first?.view.children.first)
    }

    func refusal(_ json: String) -> StoryboardError? {
        do {
            _ = try checkedStoryboard(json)
            return nil
        } catch {
            return error as? StoryboardError
        }
    }

    @Test func elementsAPersonChangesTakeAChangeTask() throws {
        let field = try element(#"{"type": "TextField", "ref": "bill", "changeTask": "calculate", "changeParam": "bill", "changeDebounceMs": 150}"#)
        #expect(field.changeTask == ChangeTask(name: "calculate", param: "bill", debounceMilliseconds: 150))
        let stepper = try element(#"{"type": "Stepper", "ref": "people", "changeTask": "calculate"}"#)
        #expect(stepper.changeTask == ChangeTask(name: "calculate"))
        #expect(try element(#"{"type": "Switch", "ref": "on", "label": "On"}"#).changeTask == nil)

        let controller = try checkedStoryboard(#"{"type": "TextField", "ref": "bill", "changeTask": "calculate"}"#)
            .instantiateController(identifier: "Home")
        let built = try #require(controller.find("bill"))
        #expect(built.changeTask?.name == "calculate")
        #expect(built.changeDebounceMilliseconds == 300, "text waits for a pause by default")
        let built0 = try #require(try checkedStoryboard(#"{"type": "SegmentedControl", "ref": "tip", "changeTask": "calculate"}"#)
            .instantiateController(identifier: "Home").find("tip"))
        #expect(built0.changeDebounceMilliseconds == 0, "a control's change runs it at once")
    }

    @Test func mistakesAreRefusedWithTheirPath() throws {
        let onButton = refusal(#"{"type": "Button", "ref": "go", "changeTask": "calculate"}"#)
        #expect(onButton?.path == "$.controllers[0].view.children[0].changeTask", "a button has no value a person changes")
        let orphan = refusal(#"{"type": "Stepper", "ref": "people", "changeParam": "x"}"#)
        #expect(orphan?.reason == .missingMember(name: "changeTask"))
        let negative = refusal(#"{"type": "TextField", "ref": "bill", "changeTask": "c", "changeDebounceMs": -1}"#)
        #expect(negative?.path == "$.controllers[0].view.children[0].changeDebounceMs")
        #expect(negative?.description.contains("between 0 and 60000") == true, "\(String(describing: negative))")
        let text = refusal(#"{"type": "TextField", "ref": "bill", "changeTask": "c", "changeDebounceMs": "fast"}"#)
        #expect(text?.reason == .wrongValueType(name: "changeDebounceMs", expected: "integer", actual: "string"))
        let empty = refusal(#"{"type": "TextField", "ref": "bill", "changeTask": ""}"#)
        #expect(empty?.reason == .emptyValue(name: "changeTask"))
    }

    @Test func theCheckJudgesAChangeTaskAsATask() throws {
        let typo = StoryboardCheck(host: .storyboardOnly).diagnostics(of: try checkedStoryboard(
            #"{"type": "Switch", "ref": "on", "label": "On", "changeTask": "toggl", "changeParam": "x"}"#))
        #expect(typo == [StoryboardDiagnostic(severity: .warning, path: "$.controllers[0].view.children[0].changeTask",
                                              problem: .unknownTask(name: "toggl"), suggestions: ["toggle"])])
        let push = StoryboardCheck(host: .storyboardOnly).diagnostics(of: try checkedStoryboard(
            #"{"type": "SegmentedControl", "ref": "tabs", "label": "Tabs", "changeTask": "push", "changeParam": "Setings"}"#))
        #expect(push.map(\.path) == ["$.controllers[0].view.children[0].changeParam"])
        #expect(push.first?.severity == .error && push.first?.suggestions == ["Settings"])
        let written = StoryboardCheck(host: .storyboardOnly).diagnostics(of: try checkedStoryboard(
            #"{"type": "TextField", "ref": "name", "label": "Name", "changeTask": "set", "changeParam": "greeting=Hello {name}"}, {"type": "Label", "ref": "l", "bind": {"text": "{greeting}"}}"#,
            state: #"{"name": ""}"#))
        #expect(written.map(\.severity) == [.warning], "a key a change task sets is written by the storyboard: \(written)")
    }
}
