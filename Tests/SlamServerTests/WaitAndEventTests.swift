import Testing
import SlamJSON
import SlamRPC
@testable import SlamServer

@Suite struct WaitTests {
    @Test func aConditionThatHoldsAnswersAtOnce() throws {
        let client = TestClient(try demoService())
        #expect(client.result("waitFor", ["ref": "count", "state": "visible"])["ref"] == "count")
        #expect(client.result("waitFor", ["ref": "ghost", "state": "absent"]) == .null)
        #expect(client.result("waitFor", ["ref": "volume", "state": "absent"]) == .null)
    }

    @Test func aWaitIsAnsweredByTheChangeThatSatisfiesIt() throws {
        let service = try demoService()
        let waiter = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        waiter.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"Count: 2"},"id":"w"}"#)
        #expect(waiter.take().isEmpty)
        actor.result("press", ["ref": "increment"])
        #expect(waiter.take().isEmpty, "Count: 1 does not satisfy it")
        actor.result("press", ["ref": "increment"])
        let replies = waiter.take()
        #expect(replies.count == 1)
        #expect(replies.first?["id"] == "w" && replies.first?["result"]?["text"] == "Count: 2")
    }

    @Test func aWaitFollowsNavigationToTheNewTopController() throws {
        let service = try demoService()
        let waiter = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        waiter.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"wifi","state":"exists"},"id":1}"#)
        actor.result("press", ["ref": "openSettings"])
        #expect(waiter.take().first?["result"]?["ref"] == "wifi")
    }

    @Test func aWaitTimesOutWithTheLastSnapshot() throws {
        let scheduler = ManualScheduler()
        let client = TestClient(try demoService(scheduler: scheduler))
        client.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"goal","state":"visible","timeoutMs":250},"id":1}"#)
        scheduler.advance(milliseconds: 249)
        #expect(client.take().isEmpty)
        scheduler.advance(milliseconds: 1)
        let reply = try #require(client.take().first)
        #expect(reply["error"]?["code"] == -32008)
        #expect(reply["error"]?["data"]?["snapshot"]?["visible"] == false)
        #expect(reply["error"]?["data"]?["timeoutMs"] == 250)
    }

    @Test func aPendingWaitHoldsBackLaterRequestsOnItsConnection() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let client = TestClient(service, identifier: 1)
        let other = TestClient(service, identifier: 2)
        client.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"count","property":"text","equals":"Count: 1"},"id":1}"#)
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"},"id":2}"#)
        client.send(#"{"jsonrpc":"2.0","method":"find","params":{"ref":"count"},"id":3}"#)
        #expect(client.take().isEmpty, "replies come back in request order")
        #expect(other.result("find", ["ref": "count"])["text"] == "Count: 0", "the press behind the wait has not run")
        other.result("press", ["ref": "increment"])
        #expect(client.take().map { $0["id"]! } == [1], "the wait is answered; the requests behind it run on the next turn")
        scheduler.advance(milliseconds: 0)
        let replies = client.take()
        #expect(replies.map { $0["id"]! } == [2, 3])
        #expect(replies.last?["result"]?["text"] == "Count: 2", "the find ran after the press before it")
    }

    @Test func disconnectingCancelsTheClientsWaits() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let client = TestClient(service)
        client.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"goal","state":"visible"},"id":1}"#)
        #expect(service.waits.count == 1)
        service.disconnect(client.session)
        #expect(service.waits.isEmpty)
        scheduler.advance(milliseconds: 10_000)
        #expect(client.take().isEmpty)
    }

    @Test func shutdownAnswersPendingWaits() throws {
        let service = try demoService()
        let client = TestClient(service)
        client.send(#"{"jsonrpc":"2.0","method":"waitFor","params":{"ref":"goal","state":"visible"},"id":1}"#)
        service.shutDown()
        #expect(client.take().first?["error"]?["code"] == -32009)
    }
}

@Suite struct EventTests {
    @Test func notificationsFollowTheReplyThatCausedThem() throws {
        let service = try demoService()
        let client = TestClient(service)
        client.result("subscribe", ["events": ["changed", "navigated", "taskRan"]])
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"openSettings"},"id":"p"}"#)
        let messages = client.take()
        #expect(messages.map { $0["id"] ?? $0["method"]! } == ["p", "navigated", "taskRan"])
        #expect(messages[1]["params"]?["top"] == "Settings")
    }

    @Test func changedCarriesSnapshotsOfWhatChanged() throws {
        let service = try demoService()
        let watcher = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        watcher.result("subscribe", ["events": ["changed"]])
        actor.result("press", ["ref": "increment"])
        let changed = try #require(watcher.take().first)
        #expect(changed["method"] == "changed")
        #expect(changed["params"]?["controller"] == "Home")
        let refs = changed["params"]?["changes"]?.arrayValue?.compactMap { $0["ref"] }
        #expect(refs == ["count", "progress", "decrement", "reset"])
        #expect(actor.take().isEmpty, "only subscribers are told")
    }

    @Test func unsubscribeStopsNotifications() throws {
        let service = try demoService()
        let client = TestClient(service)
        #expect(client.result("subscribe", ["events": ["changed", "openURL"]]) == ["subscribed": ["changed", "openURL"], "client": 1])
        #expect(client.result("unsubscribe", ["events": ["changed"]]) == ["subscribed": ["openURL"], "client": 1])
        client.result("press", ["ref": "increment"])
        #expect(client.take().isEmpty)
        client.result("press", ["ref": "website"])
        #expect(client.take().first?["params"] == ["address": "https://www.swift.org"])
        #expect(client.result("unsubscribe") == ["subscribed": [], "client": 1])
    }

    @Test func logRecordsReachLogSubscribers() throws {
        let service = try demoService()
        let client = TestClient(service)
        client.result("subscribe", ["events": ["log"]])
        service.emitLog(level: "warning", message: "disk nearly full")
        #expect(client.take() == [["jsonrpc": "2.0", "method": "log", "params": ["level": "warning", "message": "disk nearly full"]]])
    }

    @Test func notificationsSentToTheServerGetNoReply() throws {
        let client = TestClient(try demoService())
        client.send(#"{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"}}"#)
        #expect(client.take().isEmpty)
        #expect(client.result("find", ["ref": "count"])["text"] == "Count: 1", "the notification still ran")
    }
}

@Suite struct StateEventTests {
    @Test func stateTheAppChangesOutsideARequestIsAnnouncedOnTheNextTurn() throws {
        let scheduler = ManualScheduler()
        let service = try demoService(scheduler: scheduler)
        let client = TestClient(service)
        client.result("subscribe", ["events": ["stateChanged"]])
        service.application.state["weather"] = "sunny"   // a timer of the app, say
        #expect(client.take().isEmpty, "nothing before the loop turns")
        scheduler.advance(milliseconds: 0)
        let notifications = client.take()
        #expect(notifications.count == 1)
        #expect(notifications.first?["method"] == "stateChanged")
        #expect(notifications.first?["params"]?["values"] == ["weather": "sunny"])
        scheduler.advance(milliseconds: 0)
        #expect(client.take().isEmpty, "announced once")
    }

    @Test func stateSetIsAnnouncedOnceBeforeTheChangeItCauses() throws {
        let service = try demoService()
        let watcher = TestClient(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        watcher.result("subscribe", ["events": ["stateChanged", "changed"]])
        actor.result("runTask", ["name": "push", "param": "Todos"])
        _ = watcher.take()
        #expect(actor.result("state.set", ["values": ["todos": [], "other": 1]])["changed"] == ["other", "todos"])
        let notifications = watcher.take()
        #expect(notifications.map { $0["method"] } == ["stateChanged", "changed"])
        #expect(notifications.first?["params"]?["values"] == ["todos": [], "other": 1])
        #expect(actor.result("state.list")["values"]?["other"] == 1)
        #expect(actor.errorCode("state.get", ["key": "missing"]) == -32011)
        #expect(actor.request("state.get", ["key": "missing"])["error"]?["message"] == "State key not found: no key 'missing' in the shared state",
                "the message starts with the short name, as every Slam error's does")
    }

    /// A mistyped key is answered like a mistyped method: the nearest keys in the message and in data.suggestions.
    @Test func anUnknownStateKeySuggestsTheNearestKeys() throws {
        let service = try demoService()
        let client = TestClient(service, identifier: 1)
        client.result("state.set", ["values": ["count": 1, "counter": 2, "colour": "red"]])
        let error = client.request("state.get", ["key": "coun"])["error"]
        #expect(error?["code"] == -32011)
        #expect(error?["message"] == "State key not found: no key 'coun' in the shared state; did you mean 'count' or 'counter'?")
        #expect(error?["data"] == ["key": "coun", "suggestions": ["count", "counter"]])
        #expect(client.request("state.get", ["key": "zzzzzz"])["error"]?["data"] == ["key": "zzzzzz"], "no suggestions when nothing is near")
    }
}
