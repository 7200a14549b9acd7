import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer

/// Waits, templates and aria templates judged on the accessibility members snapshots carry, and the
/// bounds that keep a hostile template cheap.
@Suite struct AccessibilityMemberWaitTests {
    @Test func aPropertyWaitReadsRoleNameAndStates() throws {
        let client = TestClient(try demoService())
        #expect(client.result("waitFor", ["ref": "count", "property": "name", "equals": "Count: 0", "timeoutMs": 0])["name"] == "Count: 0")
        #expect(client.result("waitFor", ["ref": "heading", "property": "role", "equals": "heading", "timeoutMs": 0])["level"] == 2)
        #expect(client.result("waitFor", ["ref": "progress", "property": "valueText", "equals": "0%", "timeoutMs": 0])["ref"] == "progress")
        #expect(client.result("waitFor", ["ref": "increment", "property": "disabled", "equals": false, "timeoutMs": 0])["ref"] == "increment",
                "an enabled control is not disabled, though its snapshot leaves the member out")
        #expect(client.result("waitFor", ["ref": "decrement", "property": "disabled", "equals": true, "timeoutMs": 0])["disabled"] == true)
        #expect(client.errorCode("waitFor", ["ref": "count", "property": "nmae", "equals": "x"]) == -32602)
    }

    @Test func aTreeTemplateReadsRoleAndName() throws {
        let client = TestClient(try demoService())
        let tree = client.result("waitFor", ["template": ["children": [["ref": "count", "role": "paragraph", "name": "Count: 0"]]], "timeoutMs": 0])
        #expect(tree["ref"] == "root")
    }

    @Test func aTemplateWithWindowsLineEndingsReads() throws {
        let client = TestClient(try demoService())
        let reply = client.request("waitFor", ["aria": "- heading \"Counter\"\r\n- paragraph \"Count: 0\"\r\n", "timeoutMs": 0])
        #expect(reply["error"] == nil, "\(reply)")
    }

    @Test func aTemplateTooLongIsRefusedAndADiffStaysBounded() throws {
        let client = TestClient(try demoService())
        let long = String(repeating: "- button\n", count: AriaTemplate.maximumLines + 1)
        #expect(client.errorCode("waitFor", ["aria": .string(long), "timeoutMs": 0]) == -32602)
        // The largest template allowed, none of whose lines is on screen, against a screen of many lines.
        let template = try AriaTemplate((0..<AriaTemplate.maximumLines).map { "- button \"b\($0)\"" }.joined(separator: "\n"))
        let rows = (0..<1_000).map { AccessibilityNode(role: .listitem, name: "row \($0)") }
        let diff = template.diff(against: [AccessibilityNode(role: .list, name: "big", children: rows)])
        #expect(diff.split(separator: "\n").count <= 501)
        #expect(diff.hasSuffix("more lines\n"))
    }

    @Test func aPartsRoleIsExplained() throws {
        let client = TestClient(try demoService())
        client.result("runTask", ["name": "push", "param": "Settings"])
        let reply = client.request("find", ["ref": ["role": "radio", "name": "Dark"]])
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["message"]?.stringValue?.contains("locate the radiogroup") == true)
    }
}
