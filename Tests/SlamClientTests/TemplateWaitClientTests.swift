import Testing
import SlamClient
import SlamProtocol
import SlamDemo
import SlamHarness
import SlamHarnessInProcess
import SlamJSON
import SlamRPC

/// Both Swift clients wait for tree templates, and read a timeout's diff back as a `TemplateDiff`.
@Suite struct TemplateWaitClientTests {
    static var countedOnce: TreeTemplate { try! TreeTemplate(json: ["children": [["ref": "count", "text": "/^Count: 1$/"]]]) }

    @Test func theAsyncClientAwaitsATemplateWhileAnotherTaskPresses() async throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        let connection = try AsyncSlamConnection(socketPath: app.socketPath)
        async let tree = connection.send(WaitForRequest(template: Self.countedOnce, timeoutMilliseconds: 10_000))
        // Replies on one connection come in request order, so the press goes on a connection of its own.
        let presser = try AsyncSlamConnection(socketPath: app.socketPath)
        try await presser.send(PressRequest(ref: "increment"))
        let matched = try #require(try await tree)
        #expect(matched.reference == "root" && matched.children[1].text == "Count: 1")
    }

    @Test func aTimeoutsDiffReadsBackAsATemplateDiff() throws {
        let app = try SlamApp.inProcess { try DemoApp.makeApplication() }
        do {
            try app.connection.waitFor(template: Self.countedOnce, timeoutMilliseconds: 0)
            Issue.record("Count: 0 matched /^Count: 1$/")
        } catch .server(let error) {
            let diff = try TemplateDiff(json: try #require(error.data?["diff"]))
            #expect(diff == Self.countedOnce.match(try #require(error.data?["snapshot"])), "the client's matcher gives the daemon's diff")
            #expect(diff.lines == [#"root > children: no child matches {ref: "count", text: /^Count: 1$/}"#,
                                   #"  closest: root > children[1] (ref "count", Label) > text: expected /^Count: 1$/, got "Count: 0""#])
        }
    }
}
