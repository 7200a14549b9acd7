import Testing
import SlamJSON
import SlamUI
import SlamUIJSON
@testable import SlamStoryboard

/// Numbers in templates and in the state: `{key:format}` placeholders (the shared cases in
/// `Protocol/number-formats.json`, which the Python client's tests read too), the checks
/// of formats, and a counting stepper writing integers to the key it is bound to.
@Suite struct NumberFormatTests {
    struct Case: CustomStringConvertible {
        let value: StateValue
        let format: String
        /// The text shown, or part of the message refusing the format.
        let text: String?
        let error: String?
        var description: String { "\(value.jsonText):\(format)" }
    }

    static let cases: [Case] = {
        let path = repositoryRoot + "/Protocol/number-formats.json"
        guard let text = FileContents.readText(atPath: path), let document = try? JSONParser().parse(text),
              case .array(let entries)? = document["cases"] else { return [] }
        return entries.compactMap { entry -> Case? in
            guard case .string(let format)? = entry["format"] else { return nil }
            if case .string(let error)? = entry["error"] { return Case(value: .null, format: format, text: nil, error: error) }
            guard let value = entry["value"], case .string(let text)? = entry["text"] else { return nil }
            return Case(value: StateValue(json: value), format: format, text: text, error: nil)
        }
    }()

    static func application(_ storyboardText: String) throws -> Application {
        let storyboard = try Storyboard(bytes: Array(storyboardText.utf8))
        let application = Application()
        storyboard.install(in: application)
        try application.start(with: storyboard.initialController)
        return application
    }

    @Test func theSharedCasesAreRead() {
        #expect(Self.cases.count > 60, "Protocol/number-formats.json is read")
    }

    @Test(arguments: cases)
    func eachSharedCase(_ formatCase: Case) throws {
        if let text = formatCase.text {
            let spec = try FormatSpec(parsing: formatCase.format)
            #expect(spec.format(formatCase.value) == text)
            let template = try StateBinding.Template(parsing: "[{value:\(formatCase.format)}]")
            let store = StateStore()
            store["value"] = formatCase.value
            #expect(template.render(store) == "[\(text)]", "the same through a template")
        } else if let message = formatCase.error {
            let error = #expect(throws: FormatSpecError.self) { try FormatSpec(parsing: formatCase.format) }
            #expect(error?.description.contains(message) == true, "\(error?.description ?? "no error") says \(message)")
        }
    }

    @Test func aLabelShowsItsKeysFormatted() throws {
        let application = try Self.application(#"""
            {"initial": "A", "state": {"total": 1234.5, "count": 1234567, "rate": 0.155},
             "controllers": [{"id": "A", "view": {"type": "Label", "ref": "l", "bind": {"text": "{total:,.2f} for {count:,d} at {rate:.1%} ({{raw}} {total})"}}}]}
            """#)
        let label = try #require(application.topController?.findLabel(with: "l"))
        #expect(label.text == "1,234.50 for 1,234,567 at 15.5% ({raw} 1234.5)")
        application.state["total"] = 2
        application.performPendingUpdates()
        #expect(label.text == "2.00 for 1,234,567 at 15.5% ({raw} 2)")
    }

    @Test func aStateTaskParamExpandsFormats() throws {
        let application = Application()
        application.state["tip"] = 4.5
        try application.runTask(name: "set", param: #"shown="Tip {tip:.2f}""#)
        #expect(application.state["shown"] == "Tip 4.50")
    }

    @Test func aBindingWithAFormatThatCannotBeReadIsRefusedWithItsPath() throws {
        let text = #"{"initial": "A", "controllers": [{"id": "A", "view": {"type": "View", "ref": "r", "children": [{"type": "Label", "ref": "tip", "bind": {"text": "Tip {tip:.2x}"}}]}}]}"#
        let error = #expect(throws: StoryboardError.self) { try Storyboard(bytes: Array(text.utf8)) }
        #expect(error?.path == "$.controllers[0].view.children[0].bind.text")
        #expect(error?.message == "cannot bind: \"Tip {tip:.2x}\": {tip:.2x}: format '.2x': 'x' is not a format type; "
                + "types: d (whole number), f (fixed decimals), e (exponent), % (percent)")
    }

    @Test func aParamWithAFormatThatCannotBeReadIsAnError() throws {
        let storyboard = try checkedStoryboard(#"{"type": "Button", "ref": "b", "text": "B", "task": "set", "param": "shown=Tip {tip:.2}"}"#, state: #"{"tip": 1}"#)
        let found = StoryboardCheck(host: .storyboardOnly).diagnostics(of: storyboard)
        #expect(found.map(\.description) == [
            "$.controllers[0].view.children[0].param: error: {tip:.2}: format '.2': a precision needs a type after it: f, e or % (.2f)",
        ])
    }

    @Test func aNumberFormatOnAKeyThatStartsAsTextIsAWarning() throws {
        let storyboard = try checkedStoryboard(#"""
            {"type": "Label", "ref": "a", "bind": {"text": "{name:.2f} {name:>8} {bill:.2f} {tip:.2f} {none:.2f}"}},
            {"type": "Button", "ref": "b", "text": "B", "task": "set", "param": "shown={flag:d}"}
            """#, state: #"{"name": "Ann", "bill": "12.50", "tip": 0, "none": null, "flag": true, "shown": ""}"#)
        let found = StoryboardCheck(host: .storyboardOnly).diagnostics(of: storyboard)
        #expect(found.map(\.description) == [
            "$.controllers[0].view.children[0].bind.text: warning: {name:.2f} formats a number, but state key 'name' starts as "
                + "a string (\"Ann\"): it shows as plain text until it holds a number",
            "$.controllers[0].view.children[1].param: warning: {flag:d} formats a number, but state key 'flag' starts as "
                + "a boolean (true): it shows as plain text until it holds a number",
        ], "padding text is fine, and so are text that reads as a number, numbers and null")
    }

    @Test func aSteppingCountWritesIntegersAndAFractionalStepNumbers() throws {
        let application = try Self.application(#"""
            {"initial": "A", "state": {"people": 1, "portions": 1}, "controllers": [{"id": "A", "view": {"type": "View", "ref": "r", "children": [
              {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 20, "bind": {"value": "people"}},
              {"type": "Label", "ref": "ways", "bind": {"text": "Split {people} ways"}},
              {"type": "Stepper", "ref": "portions", "stepValue": 0.5, "bind": {"value": "portions"}}]}}]}
            """#)
        let home = try #require(application.topController)
        try #require(home.findStepper(with: "people")).press(.increment)
        #expect(application.state["people"] == .integer(2), "not 2.0")
        application.performPendingUpdates()
        #expect(home.findLabel(with: "ways")?.text == "Split 2 ways")
        try #require(home.findStepper(with: "portions")).press(.increment)
        #expect(application.state["portions"] == .double(1.5))
        try #require(home.findStepper(with: "portions")).press(.decrement)
        #expect(application.state["portions"] == .double(1), "a stepper with a fractional step writes numbers")
    }

    @Test func aCountingStepperAtItsBoundLeavesANumberAClientWroteAsItIs() throws {
        let application = try Self.application(#"""
            {"initial": "A", "state": {"people": 2.0}, "controllers": [{"id": "A", "view":
              {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 2, "bind": {"value": "people"}}}]}
            """#)
        try #require(application.topController?.findStepper(with: "people")).press(.increment)
        #expect(application.state["people"] == .double(2), "nothing changed: the value stays as the client wrote it")
        try #require(application.topController?.findStepper(with: "people")).press(.decrement)
        #expect(application.state["people"] == .integer(1))
    }
}
