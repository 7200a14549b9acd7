import Foundation
import Testing
import SlamClient
import SlamProtocol
import SlamHarness
import SlamJSON
import SlamRPC

/// `waitFor` with a tree template, against the real `slamd` (the demo app) through real clients.
@Suite struct TreeTemplateWaitTests {
    /// Home's counter row after one press: the count, and the -1 button enabled between +1 and Reset.
    static var countedOnce: JSONValue { ["children": [
        ["ref": "count", "text": "/^Count: 1$/"],
        ["ref": "counterButtons", "children": [["text": "+1"], ["text": "-1", "enabled": true]]]]] }

    @Test func aTemplateThatAlreadyHoldsAnswersTheTreeAtOnce() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let template: JSONValue = ["type": "View", "children": [["ref": "heading", "text": "Counter"], ["type": "View", "ref": "menu"]]]
        let tree = try connection.call("waitFor", ["template": template, "timeoutMs": 0])
        #expect(tree["ref"] == "root" && tree["children"]?.arrayValue?.count == 6, "the root's whole tree")
        #expect(tree["children"]?[4]?["children"]?[0]?["ref"] == "increment")
        let subtree = try connection.send(WaitForRequest(template: try TreeTemplate(json: ["children": [["text": "+1"], ["text": "Reset"]]]),
                                                         ref: "counterButtons", strict: false, timeoutMilliseconds: 0))
        #expect(subtree?.reference == "counterButtons" && subtree?.children.map(\.reference) == ["increment", "decrement", "reset"])
        let home = try connection.waitFor(template: TreeTemplate(json: ["children": [["ref": "count"]]]), timeoutMilliseconds: 0, controller: "Home")
        #expect(home.reference == "root")
        let unknown = try connection.expectError("waitFor", ["template": [:], "controller": "nowhere"])
        #expect(unknown?.code == .controllerNotFound)
    }

    @Test func aTemplateWaitIsAnsweredByAnotherClientsPress() throws {
        let daemon = try DaemonProcess.launch()
        let waiter = try daemon.connect(timeoutMilliseconds: 30_000)
        let actor = try daemon.connect()
        try waiter.send(Request(id: 1, method: "waitFor", params: .byName(["template": Self.countedOnce, "timeoutMs": 30_000])).jsonValue)
        #expect(throws: ClientError.timedOut(milliseconds: 200), "the wait is pending") { try waiter.nextMessage(timeoutMilliseconds: 200) }
        try actor.press("increment")
        let answer = try waiter.nextMessage(timeoutMilliseconds: 30_000)
        #expect(answer["id"] == 1)
        #expect(answer["result"]?["children"]?[1]?["text"] == "Count: 1")
        #expect(answer["result"]?["children"]?[4]?["children"]?[1]?["enabled"] == true)
    }

    @Test func aStrictTemplateWaitsForTheExactChildren() throws {
        let daemon = try DaemonProcess.launch()
        let waiter = try daemon.connect(timeoutMilliseconds: 30_000)
        let actor = try daemon.connect()
        let strict: JSONValue = ["children": [["ref": "increment"], ["ref": "decrement", "enabled": true], ["ref": "reset"]]]
        let error = try waiter.expectError("waitFor", ["ref": "counterButtons", "template": strict, "strict": true, "timeoutMs": 0])
        #expect(error?.message == """
            Wait timed out: the tree of 'counterButtons' did not match the template within 0 ms:
            root > children[1] (ref "decrement", Button) > enabled: expected true, got false
            """)
        try actor.press("increment")
        #expect(try waiter.call("waitFor", ["ref": "counterButtons", "template": strict, "strict": true, "timeoutMs": 0])["ref"] == "counterButtons")
        let fewer = try waiter.expectError("waitFor", ["ref": "counterButtons", "template": ["children": [["ref": "increment"]]],
                                                       "strict": true, "timeoutMs": 0])
        #expect(fewer?.data?["diff"]?[0]?["kind"] == "childCount")
    }

    @Test func aTimeoutCarriesTheReadableDiffAndTheLastTree() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect(timeoutMilliseconds: 30_000)
        let started = Date()
        let error = try #require(try connection.expectError("waitFor", ["template": Self.countedOnce, "timeoutMs": 200]))
        #expect(Date().timeIntervalSince(started) >= 0.19)
        #expect(error.code == .waitTimedOut)
        #expect(error.message == """
            Wait timed out: the tree did not match the template within 200 ms:
            root > children: no child matches {ref: "count", text: /^Count: 1$/}
              closest: root > children[1] (ref "count", Label) > text: expected /^Count: 1$/, got "Count: 0"
            root > children: no child matches {ref: "counterButtons", children: [2 elements]}
              closest: root > children[4] (ref "counterButtons", View) > children: no child after [0] matches {text: "-1", enabled: true}
                closest: root > children[4] (ref "counterButtons", View) > children[1] (ref "decrement", Button) > enabled: expected true, got false
            """)
        let data = try #require(error.data)
        #expect(data["ref"] == .null && data["timeoutMs"] == 200)
        #expect(data["condition"] == ["template": Self.countedOnce, "strict": false])
        #expect(data["snapshot"]?["ref"] == "root" && data["snapshot"]?["children"]?[1]?["text"] == "Count: 0", "the last tree")
        let diff = try TemplateDiff(json: try #require(data["diff"]))
        #expect(diff.mismatches.map(\.kind) == [.noMatchingChild, .noMatchingChild])
        #expect(diff.mismatches[0].closest.first?.pointer == "$.children[1].text")
        #expect(diff.mismatches[1].closestIndex == 4)
        // A ref that is not on screen has no tree to compare.
        let absent = try connection.expectError("waitFor", ["ref": "nowhere", "template": [:], "timeoutMs": 0])
        #expect(absent?.message == "Wait timed out: 'nowhere' was not on screen within 0 ms, so no tree could match the template")
        #expect(absent?.data?["snapshot"] == .null && absent?.data?["diff"] == [])
    }

    @Test func malformedTemplatesAndMixedConditionsAreInvalidParams() throws {
        let daemon = try DaemonProcess.launch()
        let connection = try daemon.connect()
        let regex = try connection.expectError("waitFor", ["template": ["children": [["text": "/(/"]]]])
        #expect(regex?.code == .invalidParams)
        #expect(regex?.message.hasPrefix("Invalid params: template.children[0].text: /(/ is not a valid regular expression (") == true)
        #expect(regex?.data == ["parameter": "template", "path": "$.children[0].text"])
        let children = try connection.expectError("waitFor", ["template": ["children": "Save"]])
        #expect(children?.message == "Invalid params: template.children: children must be an array of element templates, got string")
        #expect(try connection.expectError("waitFor", ["template": "Save"])?.message
                == "Invalid params: parameter 'template' must be object, got string")
        #expect(try connection.expectError("waitFor", ["ref": "count", "template": [:], "state": "visible"])?.message
                == "Invalid params: template: give either 'template' or 'state', not both")
        #expect(try connection.expectError("waitFor", ["ref": "count", "state": "visible", "strict": true])?.data
                == ["parameter": "strict"])
        let noReference = try connection.expectError("waitFor", ["state": "visible"])
        #expect(noReference?.message == "Invalid params: missing required parameter 'ref' (only a 'template' or 'aria' wait may leave it out)")
        #expect(try connection.ping() == "pong", "the daemon goes on serving")
    }
}
