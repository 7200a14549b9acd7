import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer

/// `snapshot` and `waitFor {aria}` on the demo: the screen as text, a template waited for, the diff
/// when it does not come, and templates that cannot be read.
@Suite struct AccessibilitySnapshotMethodTests {
    @Test func snapshotAnswersTheTopScreenAsText() throws {
        let client = TestClient(try demoService())
        let result = client.result("snapshot")
        #expect(result["controller"] == "Home")
        #expect(result["title"] == "Slam Demo")
        let text = try #require(result["snapshot"]?.stringValue)
        #expect(text.hasPrefix("- heading \"Counter\" [level=2] [ref=heading]\n- paragraph \"Count: 0\" [ref=count]\n"))
        #expect(text.contains("  - button \"-1\" [disabled] [ref=decrement]\n"))
        #expect(!text.contains("Goal reached"), "a hidden label is left out")
        #expect(!text.contains("[ref=root]"), "the unnamed root view is left out")
    }

    @Test func snapshotOfASubtreeToADepth() throws {
        let client = TestClient(try demoService())
        #expect(client.result("snapshot", ["ref": "counterButtons", "depth": 0])["snapshot"] == "- group \"Counter\" [ref=counterButtons]\n")
        #expect(client.result("snapshot", ["ref": ["type": "Button", "text": "+1"]])["snapshot"]
                == "- button \"+1\" [description=\"Adds one to the count\"] [ref=increment]\n", "a locator picks the subtree")
        #expect(client.result("snapshot", ["ref": "counterButtons"])["snapshot"]?.stringValue?.split(separator: "\n").count == 4)
        #expect(client.errorCode("snapshot", ["depth": -1]) == -32602)
        #expect(client.errorCode("snapshot", ["ref": "ghost"]) == -32001)
    }

    @Test func anAlertOnTopIsTheScreen() throws {
        let client = TestClient(try demoService())
        client.result("runTask", ["name": "push", "param": "Pickers"])
        client.result("press", ["ref": "placeOrder"])
        let result = client.result("snapshot")
        #expect(result["snapshot"]?.stringValue?.hasPrefix(
            "- alertdialog \"Place the order?\" [description=\"Your card will be charged.\"]") == true)
        #expect(result["snapshot"]?.stringValue?.contains("  - button \"Cancel\"") == true)
    }

    @Test func anAriaWaitIsAnsweredByTheChangeThatSatisfiesIt() throws {
        let service = try demoService()
        let waiter = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        let params: JSONValue = ["aria": "- group \"Counter\":\n  - button /^-\\d$/\n  - button \"Reset\" [disabled=false]\n"]
        waiter.send(JSONValue.object(["jsonrpc": "2.0", "method": "waitFor", "params": params, "id": "w"]).description)
        #expect(waiter.take().isEmpty, "Reset is disabled at 0")
        actor.result("press", ["ref": "increment"])
        let reply = try #require(waiter.take().first)
        #expect(reply["result"]?["ref"] == "root", "answers the root view's snapshot")
    }

    @Test func anAriaWaitTimesOutWithADiff() throws {
        let scheduler = ManualScheduler()
        let client = TestClient(try demoService(scheduler: scheduler))
        let template = "- paragraph \"Count: 3\"\n- group \"Counter\":\n  - button \"+1\"\n  - button \"-1\" [disabled=false]\n"
        client.send(JSONValue.object(["jsonrpc": "2.0", "method": "waitFor", "params": ["aria": .string(template), "timeoutMs": 100],
                                      "id": 1]).description)
        scheduler.advance(milliseconds: 100)
        let error = try #require(client.take().first?["error"])
        #expect(error["code"] == -32008)
        let diff = try #require(error["data"]?["diff"]?.stringValue)
        #expect(diff.contains("- - paragraph \"Count: 3\"\n"))
        #expect(diff.contains("+ - paragraph \"Count: 0\" [ref=count]\n"))
        #expect(diff.contains("  - group \"Counter\":\n    - button \"+1\"\n"), "lines that match are context")
        #expect(diff.contains("-   - button \"-1\" [disabled=false]\n+   - button \"-1\" [disabled] [ref=decrement]\n"))
        #expect(error["message"]?.stringValue?.hasSuffix(diff) == true)
        #expect(error["data"]?["snapshot"]?.stringValue?.hasPrefix("- heading \"Counter\"") == true)
    }

    @Test func aTemplateThatCannotBeReadIsRefusedWithItsLine() throws {
        let client = TestClient(try demoService())
        let reply = client.request("waitFor", ["aria": "- heading \"Counter\"\n\n- button [chekced]\n"])
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["message"]?.stringValue?.contains("aria: line 3: unknown attribute 'chekced'") == true)
        #expect(reply["error"]?["data"]?["line"] == 3)
        #expect(client.errorCode("waitFor", ["aria": "- button \"x\"", "state": "visible"]) == -32602)
        #expect(client.errorCode("waitFor", ["aria": "- button /(a+)+$/"]) == -32602)
    }
}

/// The aria template matcher on its own: roles, exact and `/regex/` names, states, children as a
/// subsequence, a match anywhere, and what cannot be read.
@Suite struct AriaTemplateTests {
    static func node(_ role: AccessibilityRole, _ name: String = "", reference: String = "", checked: Bool? = nil, disabled: Bool = false,
                     value: Double? = nil, text: String? = nil, _ children: [AccessibilityNode] = []) -> AccessibilityNode {
        var states = AccessibilityStates()
        states.checked = checked
        states.disabled = disabled
        states.valueNow = value
        return AccessibilityNode(role: role, name: name, states: states, reference: reference, value: text, children: children)
    }

    static let screen: [AccessibilityNode] = [
        node(.heading, "Settings"),
        node(.switch, "Wi-Fi", reference: "wifi", checked: true),
        node(.spinbutton, "Volume", value: 5),
        node(.textbox, "Name", text: "Ada"),
        node(.radiogroup, "Theme", [node(.radio, "Light", checked: false), node(.radio, "Dark", checked: true), node(.radio, "Auto", checked: false)]),
        node(.region, "Footer", [node(.group, "Actions", [node(.button, "Save", disabled: true), node(.button, "Cancel")])]),
    ]

    func matches(_ template: String) throws -> Bool {
        try AriaTemplate(template).matches(Self.screen)
    }

    @Test func rolesAndExactNames() throws {
        #expect(try matches("- heading \"Settings\""))
        #expect(try matches("- heading"), "no name: any name")
        #expect(try !matches("- heading \"Setting\""), "a name matches exactly")
        #expect(try !matches("- paragraph \"Settings\""))
    }

    @Test func regularExpressionNames() throws {
        #expect(try matches("- switch /Wi-?Fi/"))
        #expect(try matches("- switch /^wi/i"))
        #expect(try !matches("- switch /^wi/"))
        #expect(try matches("- button /^Can/"))
    }

    @Test func statesAndValuesWrittenMustHold() throws {
        #expect(try matches("- switch \"Wi-Fi\" [checked]"))
        #expect(try !matches("- switch \"Wi-Fi\" [checked=false]"))
        #expect(try matches("- spinbutton [value=5]"))
        #expect(try !matches("- spinbutton [value=6]"))
        #expect(try matches("- button \"Save\" [disabled]"))
        #expect(try !matches("- button \"Cancel\" [disabled]"))
        #expect(try matches("- switch [ref=wifi]"))
        #expect(try matches("- textbox \"Name\": Ada"))
        #expect(try matches("- textbox \"Name\": /^A/"))
        #expect(try !matches("- textbox \"Name\": Bob"))
    }

    @Test func childrenMatchAsAnOrderedSubsequence() throws {
        #expect(try matches("- radiogroup \"Theme\":\n  - radio \"Light\"\n  - radio \"Auto\""))
        #expect(try matches("- radiogroup:\n  - radio \"Dark\" [checked]"))
        #expect(try !matches("- radiogroup:\n  - radio \"Auto\"\n  - radio \"Light\""), "order counts")
        #expect(try !matches("- radiogroup:\n  - radio \"Light\" [checked]"))
        #expect(try !matches("- region:\n  - button \"Save\""), "children are direct children")
    }

    @Test func theTemplateMatchesAnywhere() throws {
        #expect(try matches("- button \"Save\"\n- button \"Cancel\""), "the first level may match deep in the snapshot")
        #expect(try matches("- switch\n- spinbutton\n- radiogroup"), "a subsequence of the first level")
        #expect(try !matches("- button \"Cancel\"\n- button \"Save\""))
    }

    @Test func aDiffShowsTheTemplateAgainstTheSnapshot() throws {
        let diff = try AriaTemplate("- radiogroup \"Theme\":\n  - radio \"Light\" [checked]\n").diff(against: Self.screen)
        #expect(diff.hasPrefix("--- expected (template)\n+++ actual (snapshot)\n"))
        #expect(diff.contains("  - radiogroup \"Theme\":\n-   - radio \"Light\" [checked]\n+   - radio \"Light\"\n"), "the line whose children differ reads as unchanged")
        #expect(try AriaTemplate("- heading").diff(against: Self.screen) == "")
    }

    @Test func aSnapshotReadsBackAsATemplateThatMatchesIt() throws {
        // Names and references a person would not type: quotes, brackets, spaces, slashes, line breaks.
        let odd = [
            AccessibilityNode(role: .button, name: "Say \"hi\" ]now[", reference: "a]b c"),
            AccessibilityNode(role: .paragraph, name: "/not a pattern/", reference: "/path"),
            AccessibilityNode(role: .textbox, name: "Two\nlines", reference: "\"quoted\"", value: " padded "),
        ]
        let text = AccessibilityNode.render(odd)
        let template = try AriaTemplate(text)
        #expect(template.matches(odd), "\(text)")
        #expect(text.contains("[ref=\"a]b c\"]") && text.contains("[ref=\"/path\"]"), "an odd reference is quoted")
        #expect(!template.matches([AccessibilityNode(role: .button, name: "Say \"hi\" ]now[", reference: "a")]),
                "the reference read back is the whole one")
    }

    @Test func aNamePastUPlusFFFFIsWrittenAsJSONWritesIt() throws {
        let smile = [AccessibilityNode(role: .button, name: "Smile \u{1F600}")]
        #expect(try AriaTemplate(#"- button "Smile \ud83d\ude00""#).matches(smile))
        #expect(try AriaTemplate(#"- button "Smile \/ \"x\"""#).matches([AccessibilityNode(role: .button, name: "Smile / \"x\"")]))
    }

    @Test func templatesThatCannotBeRead() {
        func error(_ text: String) -> AriaTemplate.FormatError? {
            do { _ = try AriaTemplate(text); return nil } catch { return error }
        }
        #expect(error("- button \"Save") == .init(line: 1, reason: "a quoted text is not closed (a name is a JSON string: \"…\")"))
        #expect(error("# comment\nbutton")?.line == 2)
        #expect(error("- button\n   - radio\n  - radio")?.line == 3, "indentation that matches no line above")
        #expect(error("- button [level=high]")?.reason == "[level=…] takes a number, got 'high'")
        #expect(error("- button /(a+)+/")?.line == 1)
        #expect(error("- button \"x\" extra")?.reason.hasPrefix("unexpected 'extra'") == true)
        #expect(error("\n\n")?.line == 1)
        #expect(error(#"- button "a\qb""#)?.reason.hasPrefix("'\\q' is not an escape a JSON string has") == true)
        #expect(error(#"- button "\ud83d""#)?.reason == "a \\u escape of a high surrogate needs its low one after it")
    }
}

extension AriaTemplateTests {
    @Test func aDiffIsTakenWhereTheTemplateWasMostLikelyMeant() throws {
        let diff = try AriaTemplate("- button \"Save\" [disabled=false]\n").diff(against: Self.screen)
        #expect(diff == """
            --- expected (template)
            +++ actual (snapshot)
            - - button "Save" [disabled=false]
            + - button "Save" [disabled]
            + - button "Cancel"

            """, "among the buttons whose role and name agree, not at the first level")
    }
}
