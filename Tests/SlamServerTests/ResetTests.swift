import Testing
import SlamJSON
import SlamRPC
@testable import SlamServer

/// `reset`: the launch state again, without a new daemon.
@Suite struct ResetTests {
    @Test func resetPutsTheStackStateAndElementsBackAsTheyWereAtLaunch() throws {
        let service = try resettableDemoService()
        let client = TestClient(service)
        let launchState = client.result("state.list")
        for _ in 0..<3 { client.result("press", ["ref": "increment"]) }
        client.result("state.set", ["key": "todos", "value": []])
        client.result("state.set", ["key": "draft", "value": "left over"])
        client.result("runTask", ["name": "push", "param": "Settings"])
        client.result("setText", ["ref": "name", "text": "Ada"])
        client.result("focus", ["ref": "wifi"])

        #expect(client.result("reset") == ["top": "Home", "stateKeys": 2])
        #expect(client.result("controllers").arrayValue?.map { $0["id"] } == ["Home"])
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 0")
        #expect(client.result("find", ["ref": "decrement"])["enabled"] == false)
        #expect(client.result("state.list") == launchState, "draft is gone, todos are back")
        client.result("runTask", ["name": "push", "param": "Settings"])
        #expect(client.result("find", ["ref": "name"])["text"] == "", "the demo's model was made again too")
        #expect(client.result("find", ["ref": "wifi"])["focused"] == false)
    }

    @Test func subscribersHearTheNewStackAndEveryKeyThatChangedAfterTheReply() throws {
        let service = try resettableDemoService()
        let client = TestClient(service)
        client.result("state.set", ["key": "draft", "value": "x"])
        client.result("runTask", ["name": "push", "param": "List"])
        client.result("subscribe", ["events": ["navigated", "stateChanged"]])
        client.send(#"{"jsonrpc":"2.0","method":"reset","id":"r"}"#)
        let messages = client.take()
        #expect(messages.map { $0["id"] ?? $0["method"] } == ["r", "stateChanged", "navigated"])
        #expect(messages[1]["params"]?["values"] == ["draft": nil])
        #expect(messages[2]["params"]?["top"] == "Home")
    }

    @Test func aPendingWaitIsAnsweredWithAClearError() throws {
        let service = try resettableDemoService()
        let waiter = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        waiter.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"goal","state":"visible","timeoutMs":60000},"id":"w"}"#)
        #expect(waiter.take().isEmpty)
        actor.result("reset")
        let replies = waiter.take()
        #expect(replies.count == 1)
        #expect(replies.first?["error"]?["code"] == -32013)
        #expect(replies.first?["error"]?["message"] == "Application reset: the application was reset while waiting for 'goal'")
        #expect(replies.first?["error"]?["data"] == ["ref": "goal", "reason": "reset"])
        #expect(waiter.result("ping") == "pong", "the waiter's connection goes on")
    }

    @Test func aRendererFollowsAResetWithOneBatch() throws {
        let service = try resettableDemoService()
        let renderer = try RemoteUITests.Renderer(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        actor.result("runTask", ["name": "push", "param": "Settings"])
        actor.result("press", ["ref": "wifi"])
        try renderer.expectMatchesLiveUI(after: "setup")
        actor.result("reset")
        try renderer.expectMatchesLiveUI(after: "reset")
        #expect(renderer.model.screens.map(\.id) == ["Home"])
    }

    @Test func aServiceGivenOnlyAnApplicationRefusesToReset() throws {
        let client = TestClient(try demoService())
        let reply = client.request("reset")
        #expect(reply["error"]?["code"] == -32013)
        #expect(reply["error"]?["data"] == ["reason": "no application factory"])
        #expect(client.result("ping") == "pong")
    }
}
