import Testing
import SlamDemo
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamUI
@testable import SlamServer
#if canImport(Glibc)
import Glibc
#endif

/// Many instances in one daemon, in process with a clock the test moves: what each method answers,
/// what stays inside an instance, and what closing one (by hand or when idle) ends.
@Suite struct InstanceTests {
    /// Sends a request without waiting for its reply (it stays pending), with the given id.
    func sendPending(_ client: TestClient, _ method: String, _ params: JSONValue, id: Int) {
        client.send(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params, "id": .integer(Int64(id))]).description)
    }

    @Test func createListUseAndCloseDescribeEachInstance() throws {
        let instances = try demoInstances()
        let client = TestClient(instances, identifier: 7)
        let created = client.result("instance.create", ["label": "test_checkout"])
        #expect(created == ["instance": "i1", "app": "launched", "storyboard": .null, "label": "test_checkout", "connections": 0,
                            "createdBy": 7, "current": false])
        #expect(client.result("instance.create", ["app": "demo"])["instance"] == "i2")
        let listed = client.result("instance.list").arrayValue ?? []
        #expect(listed.map { $0["instance"] } == ["main", "i1", "i2"])
        #expect(listed.map { $0["current"] } == [true, false, false])
        #expect(listed.first?["createdBy"] == .null && listed.first?["connections"] == 1)
        #expect(client.result("instance.use", ["instance": "i2"]) == ["instance": "i2", "app": "demo", "storyboard": .null, "label": .null,
                                                                     "connections": 1, "createdBy": 7, "current": true])
        #expect(client.result("instance.close", ["instance": "i1"]) == ["instance": "i1", "connections": 0, "waitsAnswered": 0])
        #expect(client.result("instance.list").arrayValue?.map { $0["instance"] } == ["main", "i2"])
        // Handles are never reused.
        #expect(client.result("instance.create")["instance"] == "i3")
    }

    @Test func badRequestsNameWhatIsWrong() throws {
        let instances = try demoInstances()
        let client = TestClient(instances, identifier: 1)
        let unknown = client.request("instance.use", ["instance": "i9"])
        #expect(unknown["error"]?["code"] == -32018 && unknown["error"]?["data"] == ["instance": "i9", "open": ["main"]])
        #expect(unknown["error"]?["message"]?.stringValue?.contains("no open instance 'i9' (open: main)") == true)
        #expect(client.request("instance.close", ["instance": "i9"])["error"]?["code"] == -32018)
        let main = client.request("instance.close", ["instance": "main"])
        #expect(main["error"]?["code"] == -32602 && main["error"]?["data"]?["parameter"] == "instance")
        let app = client.request("instance.create", ["app": "calculator"])
        #expect(app["error"]?["code"] == -32602 && app["error"]?["data"]?["known"] == ["launched", "demo"])
        let both = client.request("instance.create", ["app": "demo", "storyboard": "/tmp/x.json"])
        #expect(both["error"]?["data"]?["parameter"] == "storyboard")
        let missing = client.request("instance.create", ["storyboard": "/nonexistent/app.json"])
        #expect(missing["error"]?["code"] == -32602 && missing["error"]?["message"]?.stringValue?.contains("/nonexistent/app.json") == true)
        let long = client.request("instance.create", ["label": .string(String(repeating: "x", count: 201))])
        #expect(long["error"]?["data"]?["parameter"] == "label")
        #expect(client.result("instance.list").arrayValue?.count == 1, "nothing was made by a refused request")
    }

    @Test func aStoryboardFileMakesAnInstanceOfItsApplication() throws {
        let path = "/tmp/slam-instance-test-\(getpid()).json"
        let storyboard = #"{"initial":"Main","controllers":[{"id":"Main","title":"Made","view":{"type":"View","ref":"root","children":[{"type":"Label","ref":"greeting","text":"Hello"}]}}]}"#
        let file = fopen(path, "w")
        fputs(storyboard, file)
        fclose(file)
        defer { unlink(path) }
        let instances = try demoInstances()
        let client = TestClient(instances, identifier: 1)
        let created = client.result("instance.create", ["storyboard": .string(path)])
        #expect(created["app"] == "storyboard" && created["storyboard"] == .string(path))
        client.result("instance.use", ["instance": created["instance"] ?? .null])
        #expect(client.result("find", ["ref": "greeting"])["text"] == "Hello")
        #expect(client.request("find", ["ref": "count"])["error"]?["code"] == -32001, "the demo is not in it")
    }

    @Test func whatOneInstanceDoesIsInvisibleToAnother() throws {
        let instances = try demoInstances()
        let first = TestClient(instances, identifier: 1)
        let second = TestClient(instances, identifier: 2)
        let watcherOfMain = TestClient(instances, identifier: 3)
        watcherOfMain.result("subscribe", ["events": ["changed", "stateChanged", "navigated", "action"]])
        first.result("instance.create")
        first.result("instance.use", ["instance": "i1"])
        first.result("subscribe", ["events": ["changed", "stateChanged", "navigated", "action"]])
        _ = first.take()
        second.result("instance.create")
        second.result("instance.use", ["instance": "i2"])

        first.result("press", ["ref": "increment"])
        first.result("state.set", ["key": "draft", "value": "one"])
        first.result("runTask", ["name": "push", "param": "Settings"])
        second.result("press", ["ref": "increment"])
        second.result("press", ["ref": "increment"])

        #expect(first.result("controllers").arrayValue?.map { $0["id"] } == ["Home", "Settings"])
        #expect(second.result("find", ["ref": "count"])["text"] == "Count: 2")
        #expect(second.result("controllers").arrayValue?.map { $0["id"] } == ["Home"])
        #expect(second.request("state.get", ["key": "draft"])["result"]?["value"] != "one")
        #expect(watcherOfMain.result("find", ["ref": "count"])["text"] == "Count: 0")
        #expect(watcherOfMain.take().isEmpty, "main's subscriber heard nothing of the other instances")
        let heard = first.take().compactMap { $0["method"]?.stringValue }
        #expect(heard.contains("changed") && heard.contains("stateChanged") && heard.contains("navigated"))
        #expect(!first.take().contains { $0["params"]?["client"] == 2 }, "nothing of the second connection's actions")
        // reset remakes its own instance only.
        second.result("reset")
        #expect(first.result("controllers").arrayValue?.count == 2)
        #expect(second.result("find", ["ref": "count"])["text"] == "Count: 0")
    }

    @Test func taskNamesAreTakenPerInstance() throws {
        let instances = try demoInstances()
        let inMain = TestClient(instances, identifier: 1)
        let inOther = TestClient(instances, identifier: 2)
        inOther.result("instance.create")
        inOther.result("instance.use", ["instance": "i1"])
        inMain.result("tasks.register", ["names": ["greet"]])
        inOther.result("tasks.register", ["names": ["greet"]])
        #expect(inOther.result("tasks").arrayValue?.contains("greet") == true)
        // Leaving an instance withdraws the names registered there.
        inOther.result("instance.use", ["instance": "main"])
        #expect(inOther.request("tasks.register", ["names": ["greet"]])["error"]?["code"] == -32016, "main's greet is client 1's")
        inOther.result("instance.use", ["instance": "i1"])
        #expect(inOther.result("tasks").arrayValue?.contains("greet") == false)
    }

    @Test func closingAnswersPendingWaitsAndTaskRunsAndDetachesRenderers() throws {
        let scheduler = ManualScheduler()
        let instances = try demoInstances(scheduler: scheduler)
        let owner = TestClient(instances, identifier: 1)
        let waiter = TestClient(instances, identifier: 2)
        let runner = TestClient(instances, identifier: 3)
        let renderer = TestClient(instances, identifier: 4)
        let presser = TestClient(instances, identifier: 5)
        owner.result("instance.create")
        for client in [waiter, runner, renderer, presser] { client.result("instance.use", ["instance": "i1"]) }
        runner.result("tasks.register", ["names": ["slow"], "timeoutMs": 60_000])
        renderer.result("ui.attach")
        _ = renderer.take()
        sendPending(waiter, "waitFor", ["ref": "count", "property": "text", "equals": "Count: 9", "timeoutMs": 60_000], id: 41)
        sendPending(presser, "runTask", ["name": "slow"], id: 42)
        #expect(runner.take().contains { $0["method"] == "task.run" })
        #expect(waiter.take().isEmpty && presser.take().isEmpty)

        let closed = owner.result("instance.close", ["instance": "i1"])
        #expect(closed == ["instance": "i1", "connections": 4, "waitsAnswered": 1])
        let waited = waiter.take()
        #expect(waited.first?["id"] == 41 && waited.first?["error"]?["code"] == -32019)
        #expect(waited.first?["error"]?["data"]?["instance"] == "i1" && waited.first?["error"]?["data"]?["ref"] == "count")
        let ran = presser.take()
        #expect(ran.first?["id"] == 42 && ran.first?["error"]?["code"] == -32019 && ran.first?["error"]?["data"]?["task"] == "slow")
        #expect(renderer.take().contains { $0 == ["jsonrpc": "2.0", "method": "ui.detached", "params": ["instance": "i1", "reason": "closed"]] })
        // Its connections stay, and are told what happened until they use another instance.
        let after = waiter.request("find", ["ref": "count"])
        #expect(after["error"]?["code"] == -32019 && after["error"]?["message"]?.stringValue?.contains("instance.use another") == true)
        #expect(waiter.result("ping") == "pong")
        #expect(waiter.result("instance.list").arrayValue?.map { $0["instance"] } == ["main"])
        waiter.result("instance.use", ["instance": "main"])
        #expect(waiter.result("find", ["ref": "count"])["text"] == "Count: 0")
        scheduler.advance(milliseconds: 120_000)
        #expect(renderer.take().allSatisfy { $0["method"] != "ui.redraw" }, "a detached renderer gets no batches")
    }

    @Test func aClosedInstanceIsReleasedWhenItsLastConnectionLeaves() throws {
        let instances = try demoInstances()
        let owner = TestClient(instances, identifier: 1)
        let user = TestClient(instances, identifier: 2)
        owner.result("instance.create")
        user.result("instance.use", ["instance": "i1"])
        weak var closed = instances.instance("i1")
        owner.result("instance.close", ["instance": "i1"])
        #expect(closed != nil, "kept while a connection uses it")
        user.result("instance.use", ["instance": "main"])
        #expect(closed == nil)
    }

    @Test func moreInstancesThanTheBoundAreRefused() throws {
        let instances = try demoInstances(limits: ServiceLimits(instances: 2))
        let client = TestClient(instances, identifier: 1)
        client.result("instance.create")
        client.result("instance.create")
        let third = client.request("instance.create")
        #expect(third["error"]?["code"] == -32017)
        #expect(third["error"]?["data"] == ["limit": "instances", "value": 2, "option": "--max-instances", "scope": "daemon"])
        client.result("instance.close", ["instance": "i1"])
        #expect(client.result("instance.create")["instance"] == "i3", "closing one frees its place")
    }

    @Test func theDaemonsBoundsCountEveryInstance() throws {
        let instances = try demoInstances(limits: ServiceLimits(pendingWaits: 2, registeredTasks: 2))
        let owner = TestClient(instances, identifier: 9)
        let clients = (1...3).map { TestClient(instances, identifier: $0) }
        for (index, client) in clients.enumerated() where index > 0 {
            owner.result("instance.create")
            client.result("instance.use", ["instance": .string("i\(index)")])
        }
        // (A connection's later requests wait behind its pending wait: each registers first.)
        clients[0].result("tasks.register", ["names": ["a"]])
        clients[1].result("tasks.register", ["names": ["a"]])
        let names = clients[2].request("tasks.register", ["names": ["a"]])
        #expect(names["error"]?["code"] == -32017 && names["error"]?["data"]?["limit"] == "registeredTasks")
        sendPending(clients[0], "waitFor", ["ref": "count", "property": "text", "equals": "never", "timeoutMs": 60_000], id: 1)
        sendPending(clients[1], "waitFor", ["ref": "count", "property": "text", "equals": "never", "timeoutMs": 60_000], id: 1)
        let third = clients[2].request("waitFor", ["ref": "count", "property": "text", "equals": "never", "timeoutMs": 60_000])
        #expect(third["error"]?["code"] == -32017 && third["error"]?["data"]?["limit"] == "pendingWaits")
        // Closing an instance gives back what it held.
        owner.result("instance.close", ["instance": "i1"])
        clients[2].result("tasks.register", ["names": ["a"]])
        sendPending(clients[2], "waitFor", ["ref": "count", "property": "text", "equals": "never", "timeoutMs": 60_000], id: 2)
        #expect(clients[2].take().isEmpty, "the wait is pending, not refused")
    }

    @Test func anInstanceWhoseCreatorHasGoneClosesWhenIdle() throws {
        let scheduler = ManualScheduler()
        let instances = try demoInstances(scheduler: scheduler, idleTimeoutMilliseconds: 60_000)
        let watcher = TestClient(instances, identifier: 9)
        var creator: TestClient? = TestClient(instances, identifier: 1)
        creator!.result("instance.create", ["label": "kept while its creator is here"])
        creator!.result("instance.create", ["label": "used by another"])
        creator!.result("instance.create", ["label": "idle"])
        let user = TestClient(instances, identifier: 2)
        user.result("instance.use", ["instance": "i2"])
        scheduler.advance(milliseconds: 120_000)
        #expect(watcher.result("instance.list").arrayValue?.count == 4, "nothing closes while its creator is connected")

        instances.disconnect(creator!.session)
        creator = nil
        scheduler.advance(milliseconds: 59_000)
        #expect(watcher.result("instance.list").arrayValue?.count == 4, "not before the timeout")
        scheduler.advance(milliseconds: 1_000)
        #expect(watcher.result("instance.list").arrayValue?.map { $0["instance"] } == ["main", "i2"], "i1 and i3 were idle; i2 is used")
        // Once its last user leaves, the one still used starts its own timeout; using it again stops that.
        user.result("instance.use", ["instance": "main"])
        scheduler.advance(milliseconds: 30_000)
        user.result("instance.use", ["instance": "i2"])
        scheduler.advance(milliseconds: 120_000)
        #expect(watcher.result("instance.list").arrayValue?.count == 2)
        user.result("instance.use", ["instance": "main"])
        scheduler.advance(milliseconds: 60_000)
        #expect(watcher.result("instance.list").arrayValue?.count == 1)
    }

    @Test func noIdleTimeoutKeepsInstancesUntilClosed() throws {
        let scheduler = ManualScheduler()
        let instances = try demoInstances(scheduler: scheduler, idleTimeoutMilliseconds: nil)
        let creator = TestClient(instances, identifier: 1)
        creator.result("instance.create")
        instances.disconnect(creator.session)
        scheduler.advance(milliseconds: 3_600_000)
        #expect(instances.all.count == 2)
    }

    @Test func aConnectionRunningATaskCannotMoveAway() throws {
        let instances = try demoInstances()
        let runner = TestClient(instances, identifier: 1)
        let presser = TestClient(instances, identifier: 2)
        runner.result("instance.create")
        runner.result("tasks.register", ["names": ["slow"], "timeoutMs": 60_000])
        sendPending(presser, "runTask", ["name": "slow"], id: 5)
        // While it owes the run an answer, its requests are not held behind anything: instance.use runs, and is refused.
        let refused = runner.request("instance.use", ["instance": "i1"])
        #expect(refused["error"]?["code"] == -32600 && refused["error"]?["data"]?["instance"] == "main")
        #expect(runner.result("instance.list").arrayValue?.first?["current"] == true)
    }

    @Test func aServiceMadeOnItsOwnMakesNoInstances() throws {
        let client = TestClient(try demoService())
        #expect(client.request("instance.create")["error"]?["code"] == -32600)
        #expect(client.result("instance.list").arrayValue?.map { $0["instance"] } == ["main"])
    }

    @Test func aBatchThatMovesItsConnectionAnnouncesWhatItDidInTheNewInstance() throws {
        let scheduler = ManualScheduler()
        let instances = try demoInstances(scheduler: scheduler)
        let mover = TestClient(instances, identifier: 1)
        let watcher = TestClient(instances, identifier: 2)
        mover.result("instance.create")
        watcher.result("instance.use", ["instance": "i1"])
        watcher.result("subscribe", ["events": ["changed"]])
        sendPending(watcher, "waitFor", ["ref": "count", "property": "text", "equals": "Count: 1", "timeoutMs": 60_000], id: 9)
        mover.send(#"[{"jsonrpc":"2.0","method":"instance.use","params":{"instance":"i1"},"id":1},{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"},"id":2}]"#)
        scheduler.advance(milliseconds: 0)   // the loop's next turn
        let heard = watcher.take()
        #expect(heard.contains { $0["method"] == "changed" }, "the press's change was announced in i1: \(heard)")
        #expect(heard.contains { $0["id"] == 9 && $0["result"]?["text"] == "Count: 1" }, "i1's wait was judged")
        #expect(mover.result("find", ["ref": "count"])["text"] == "Count: 1")
    }

    @Test func requestsHeldBehindAPendingOneMoveWithTheConnection() throws {
        let scheduler = ManualScheduler()
        let instances = try demoInstances(scheduler: scheduler)
        let client = TestClient(instances, identifier: 1)
        let reader = TestClient(instances, identifier: 2)
        client.result("instance.create")
        // A wait that will time out, then a move and a press sent behind it: all three in order.
        sendPending(client, "waitFor", ["ref": "count", "property": "text", "equals": "never", "timeoutMs": 300], id: 1)
        sendPending(client, "instance.use", ["instance": "i1"], id: 2)
        sendPending(client, "press", ["ref": "increment"], id: 3)
        #expect(client.take().isEmpty)
        scheduler.advance(milliseconds: 300)
        scheduler.advance(milliseconds: 0)
        let replies = client.take()
        #expect(replies.map { $0["id"] } == [1, 2, 3], "\(replies)")
        #expect(replies.dropFirst().allSatisfy { $0["error"] == nil }, "\(replies)")
        #expect(reader.result("find", ["ref": "count"])["text"] == "Count: 0", "main was not pressed")
        reader.result("instance.use", ["instance": "i1"])
        #expect(reader.result("find", ["ref": "count"])["text"] == "Count: 1", "i1 was")
    }

    @Test func aMoveInABatchWaitingForAnotherClientsTaskIsRefused() throws {
        let instances = try demoInstances()
        let runner = TestClient(instances, identifier: 1)
        let client = TestClient(instances, identifier: 2)
        runner.result("instance.create")
        runner.result("tasks.register", ["names": ["slow"], "timeoutMs": 60_000])
        client.send(#"[{"jsonrpc":"2.0","method":"runTask","params":{"name":"slow"},"id":1},{"jsonrpc":"2.0","method":"instance.use","params":{"instance":"i1"},"id":2}]"#)
        let run = try #require(runner.take().first { $0["method"] == "task.run" })
        runner.send(JSONValue.object(["jsonrpc": "2.0", "id": run["id"] ?? .null, "result": "done"]).description)
        let batch = try #require(client.take().first?.arrayValue)
        #expect(batch.first { $0["id"] == 1 }?["result"]?["result"] == "done")
        #expect(batch.first { $0["id"] == 2 }?["error"]?["code"] == -32600, "\(batch)")
        #expect(client.result("instance.list").arrayValue?.first?["current"] == true, "still on main")
    }

    @Test func aStoryboardThatIsNoRegularFileIsRefusedWithoutBlocking() throws {
        let instances = try demoInstances()
        let client = TestClient(instances, identifier: 1)
        let fifo = "/tmp/slam-instance-fifo-\(getpid())"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let refused = client.request("instance.create", ["storyboard": .string(fifo)])
        #expect(refused["error"]?["code"] == -32602 && refused["error"]?["message"]?.stringValue?.contains("not a regular file") == true,
                "\(refused)")
        let directory = client.request("instance.create", ["storyboard": "/tmp"])
        #expect(directory["error"]?["message"]?.stringValue?.contains("Is a directory") == true, "\(directory)")
    }

    @Test func aClosedInstanceLetsItsApplicationGoWhileConnectionsStay() throws {
        let instances = try demoInstances()
        let owner = TestClient(instances, identifier: 1)
        let user = TestClient(instances, identifier: 2)
        owner.result("instance.create")
        user.result("instance.use", ["instance": "i1"])
        weak var application = instances.instance("i1")?.application
        #expect(application != nil)
        owner.result("instance.close", ["instance": "i1"])
        #expect(application == nil, "a closed instance keeps no application for the connections still on it")
        #expect(user.request("find", ["ref": "count"])["error"]?["code"] == -32019)
    }
}
