import Testing
import SlamConsole
import SlamJSON
import SlamProtocol

/// Parses a flow file's text.
private func flow(_ text: String) throws -> Flow {
    try Flow(json: JSONParser().parse(text))
}

/// The format error a flow file's text gives; nil (and an issue) when it parses.
private func formatError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Flow.FormatError? {
    let json = try JSONParser().parse(text)
    do throws(Flow.FormatError) {
        _ = try Flow(json: json)
        Issue.record("the flow parsed: \(text)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite struct FlowTests {
    @Test func parsesEveryKindOfStepInOrder() throws {
        let parsed = try flow("""
            {"name": "Counter", "timeoutMs": 3000, "steps": [
              {"press": "increment"},
              {"press": "volume", "value": "increment"},
              {"press": "items", "value": 2},
              {"text": "name", "value": "Ada"},
              {"task": "pop"},
              {"task": "push", "param": "Settings"},
              {"wait": "wifi"},
              {"wait": "goal", "state": "hidden"},
              {"wait": "count", "property": "text", "equals": "Count: 3"},
              {"expect": "volume", "property": "value", "equals": 6},
              {"expectAbsent": "count"}]}
            """)
        #expect(parsed.name == "Counter")
        #expect(parsed.timeoutMilliseconds == 3000)
        #expect(parsed.steps.map { $0.step } == [
            .press(reference: "increment", value: nil),
            .press(reference: "volume", value: .increment),
            .press(reference: "items", value: 2),
            .text(reference: "name", text: "Ada"),
            .task(name: "pop", param: nil),
            .task(name: "push", param: "Settings"),
            .wait(reference: "wifi", state: .visible),
            .wait(reference: "goal", state: .hidden),
            .waitProperty(reference: "count", property: "text", equals: "Count: 3"),
            .expect(reference: "volume", property: "value", equals: 6),
            .expectAbsent(reference: "count"),
        ])
    }

    @Test func parsesTheKeyboardStepsAndPressValuesThatArePositionsOrTexts() throws {
        let parsed = try flow("""
            {"steps": [
              {"focus": "name"},
              {"focus": "items", "controller": "List"},
              {"typeText": "name", "value": "Ada\\n"},
              {"key": "Tab"},
              {"key": ["Shift+Tab", " ", "a"], "timeoutMs": 100},
              {"press": "fruit", "value": [0, 2]},
              {"press": "rows", "value": {"section": 1, "row": 0}},
              {"press": "due", "value": "2026-11-23"},
              {"press": "photos", "value": "beach"},
              {"press": "brightness", "value": 0.25},
              {"press": "volume", "value": 40.0}]}
            """)
        #expect(parsed.steps.map { $0.step } == [
            .focus(reference: "name"),
            .focus(reference: "items"),
            .typeText(reference: "name", text: "Ada\n"),
            .key(names: ["Tab"]),
            .key(names: ["Shift+Tab", " ", "a"]),
            .press(reference: "fruit", value: .position(0, 2)),
            .press(reference: "rows", value: .position(1, 0)),
            .press(reference: "due", value: .text("2026-11-23")),
            .press(reference: "photos", value: .text("beach")),
            .press(reference: "brightness", value: .number(0.25)),
            .press(reference: "volume", value: .index(40)),
        ])
        #expect(parsed.steps[1].controller == "List")
        #expect(parsed.steps.map(\.step.summary) == [
            "focus name", "focus items", #"typeText name "Ada\n""#, "key Tab", #"key Shift+Tab " " "a""#,
            "press fruit [0,2]", "press rows [1,0]", #"press due "2026-11-23""#, #"press photos "beach""#,
            "press brightness 0.25", "press volume 40",
        ])
    }

    @Test(arguments: [
        (#"{"steps": [{"key": ""}]}"#, "$.steps[0].key"),
        (#"{"steps": [{"key": []}]}"#, "$.steps[0].key"),
        (#"{"steps": [{"key": 5}]}"#, "$.steps[0].key"),
        (#"{"steps": [{"key": ["Tab", 5]}]}"#, "$.steps[0].key[1]"),
        (#"{"steps": [{"key": "Tab", "controller": "Home"}]}"#, "$.steps[0].controller"),
        (#"{"steps": [{"typeText": "name"}]}"#, "$.steps[0].value"),
        (#"{"steps": [{"focus": "name", "value": 1}]}"#, "$.steps[0].value"),
        (#"{"steps": [{"press": "fruit", "value": [0]}]}"#, "$.steps[0].value"),
        (#"{"steps": [{"press": "fruit", "value": {"section": 0}}]}"#, "$.steps[0].value"),
    ])
    func keyboardStepsAndPositionsRefuseWhatTheyCannotRun(_ text: String, _ path: String) throws {
        #expect(try formatError(text)?.path == path)
    }

    @Test func aKeyStepTakesNoControllerBecauseKeysGoToTheTopOne() throws {
        #expect(try formatError(#"{"steps": [{"key": "Tab", "controller": "Home"}]}"#)?.reason
                == "not a member of a key step (it takes no other member than timeoutMs)")
    }

    @Test func stepsInheritTheFlowsTimeoutUnlessTheyGiveTheirOwnAndMayNameAController() throws {
        let parsed = try flow("""
            {"timeoutMs": 750, "steps": [
              {"press": "increment"},
              {"wait": "goal", "timeoutMs": 0, "controller": "Home"}]}
            """)
        #expect(parsed.steps.map { $0.timeoutMilliseconds } == [750, 0])
        #expect(parsed.steps.map { $0.controller } == [nil, "Home"])
    }

    @Test func aFlowWithoutNameOrTimeoutGetsTheDefaults() throws {
        let parsed = try flow(#"{"steps": [{"task": "pop"}]}"#)
        #expect(parsed.name == "flow")
        #expect(parsed.timeoutMilliseconds == 5000)
        #expect(parsed.steps.first?.timeoutMilliseconds == 5000)
    }

    @Test func stepsReadInReportsAsTheyWereWritten() {
        #expect(Flow.Step.press(reference: "increment", value: nil).summary == "press increment")
        #expect(Flow.Step.press(reference: "items", value: 2).summary == "press items 2")
        #expect(Flow.Step.press(reference: "volume", value: .increment).summary == "press volume \"increment\"")
        #expect(Flow.Step.text(reference: "name", text: "Ada \"A\"").summary == #"text name "Ada \"A\"""#)
        #expect(Flow.Step.task(name: "push", param: "Settings").summary == "task push Settings")
        #expect(Flow.Step.task(name: "pop", param: nil).summary == "task pop")
        #expect(Flow.Step.wait(reference: "goal", state: .visible).summary == "wait goal visible")
        #expect(Flow.Step.waitProperty(reference: "count", property: "text", equals: "Count: 1").summary
                == "wait count text = \"Count: 1\"")
        #expect(Flow.Step.expect(reference: "volume", property: "value", equals: 6).summary == "expect volume value = 6")
        #expect(Flow.Step.expectAbsent(reference: "count").summary == "expect count absent")
    }

    @Test(arguments: [
        (#"[{"press": "a"}]"#, "$", #"a flow is an object with "steps""#),
        (#"{"steps": [{"press": "a"}], "stpes": 1}"#, "$.stpes", "unknown member; a flow has name, timeoutMs, steps"),
        (#"{"name": "x"}"#, "$.steps", "must be a non-empty array of steps"),
        (#"{"steps": {"press": "a"}}"#, "$.steps", "must be a non-empty array of steps"),
        (#"{"steps": []}"#, "$.steps", "must be a non-empty array of steps"),
        (#"{"steps": [{"press": "a"}, "press b"]}"#, "$.steps[1]", "a step is an object"),
        (#"{"steps": [{"value": 1}]}"#, "$.steps[0]",
         "a step has exactly one of press, text, typeText, focus, key, task, wait, expect, expectAbsent, expectTree, expectAria, reset"),
        (#"{"steps": [{"press": "a"}, {"press": "a", "wait": "b"}]}"#, "$.steps[1]",
         "a step has exactly one of press, text, typeText, focus, key, task, wait, expect, expectAbsent, expectTree, expectAria, reset"),
        (#"{"steps": [{"press": "a", "vlaue": 1}]}"#, "$.steps[0].vlaue", "not a member of a press step (it takes controller, value)"),
        (#"{"steps": [{"press": 5}]}"#, "$.steps[0].press", "must be a reference (a string) or a locator (an object), got integer"),
        (#"{"steps": [{"task": ""}]}"#, "$.steps[0].task", "must name a task as a string"),
        (#"{"steps": [{"text": "name"}]}"#, "$.steps[0].value", #"a text step needs the text as a string "value""#),
        (#"{"steps": [{"text": "name", "value": 5}]}"#, "$.steps[0].value", #"a text step needs the text as a string "value""#),
        (#"{"steps": [{"wait": "count", "property": "text"}]}"#, "$.steps[0].equals", #"required with "property""#),
        (#"{"steps": [{"expect": "count", "equals": 1}]}"#, "$.steps[0].property",
         #"an expect step needs "property" and "equals""#),
        (#"{"steps": [{"expect": "count", "property": "text"}]}"#, "$.steps[0].equals",
         #"an expect step needs "property" and "equals""#),
        (#"{"steps": [{"press": "a"}, {"press": "a", "timeoutMs": -1}]}"#, "$.steps[1].timeoutMs",
         "must be a whole number of milliseconds from 0 to 600000"),
        (#"{"steps": [{"press": "a", "timeoutMs": "1s"}]}"#, "$.steps[0].timeoutMs",
         "must be a whole number of milliseconds from 0 to 600000"),
    ])
    func eachFormatErrorNamesItsJSONPath(_ text: String, _ path: String, _ reason: String) throws {
        let error = try formatError(text)
        #expect(error?.path == path)
        #expect(error?.reason == reason)
        #expect(error?.description == "\(path): \(reason)")
    }

    @Test func aNegativeFlowTimeoutIsReportedAtTheFlowsOwnPath() throws {
        let error = try formatError(#"{"timeoutMs": -5, "steps": [{"press": "a"}]}"#)
        #expect(error?.path == "$.timeoutMs")
    }

    @Test func aFlowTimeoutThatIsNotAWholeNumberIsRefused() throws {
        #expect(try formatError(#"{"timeoutMs": "3s", "steps": [{"press": "a"}]}"#)?.path == "$.timeoutMs")
        #expect(try formatError(#"{"timeoutMs": 1.5, "steps": [{"press": "a"}]}"#)?.path == "$.timeoutMs")
    }

    @Test func membersOfTheWrongTypeOrKindAreRefusedWithTheirPath() throws {
        #expect(try formatError(#"{"name": 7, "steps": [{"press": "a"}]}"#)?.path == "$.name")
        #expect(try formatError(#"{"steps": [{"task": "push", "param": 5}]}"#)?.path == "$.steps[0].param")
        #expect(try formatError(#"{"steps": [{"press": "a", "controller": true}]}"#)?.path == "$.steps[0].controller")
        #expect(try formatError(#"{"steps": [{"wait": "a", "equals": 1}]}"#)?.path == "$.steps[0].property")
        #expect(try formatError(#"{"steps": [{"wait": "a", "property": 3, "equals": 1}]}"#)?.path == "$.steps[0].property")
        #expect(try formatError(#"{"steps": [{"wait": "a", "state": "shiny"}]}"#)?.path == "$.steps[0].state")
        #expect(try formatError(#"{"steps": [{"press": "a", "state": "hidden"}]}"#)?.path == "$.steps[0].state")
        #expect(try formatError(#"{"steps": [{"task": "pop", "controller": "Home"}]}"#)?.path == "$.steps[0].controller")
    }
}
