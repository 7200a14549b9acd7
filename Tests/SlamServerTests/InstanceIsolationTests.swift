import Testing
import SlamJSON
import SlamProtocol
import SlamUI
@testable import SlamServer

/// Isolation as a property: random actions on several instances of one daemon at once, interleaved
/// (presses, text, keys, state, navigation, alerts, keyed re-renders, time, runs of a task a client
/// runs, resets), leave every instance's screens, state and event stream (events and `ui.redraw`
/// batches) equal to what the same actions give on a service of its own.
@Suite struct InstanceIsolationTests {
    /// One instance's clients: the actor, a task runner, and an observer subscribed to everything
    /// with a renderer attached. The same numbers in the daemon and on the service of its own.
    struct Clients {
        let actor: TestClient
        let runner: TestClient
        let observer: TestClient
    }

    /// Connects the three clients of instance `index` to `service` (moving them there through `instances` when given).
    func clients(index: Int, handle: String?, instances: SlamInstances?, service: SlamService) -> Clients {
        func client(_ role: Int) -> TestClient {
            let identifier = 10 * role + index
            guard let instances else { return TestClient(service, identifier: identifier) }
            let client = TestClient(instances, identifier: identifier)
            if let handle { client.result("instance.use", ["instance": .string(handle)]) }
            return client
        }
        let clients = Clients(actor: client(1), runner: client(2), observer: client(3))
        clients.runner.result("tasks.register", ["names": ["bump"]])
        clients.observer.result("subscribe", ["events": .array(EventKind.allCases.map { .string($0.rawValue) })])
        clients.observer.result("ui.attach")
        _ = clients.observer.take()
        return clients
    }

    /// The runner answers the runs it was sent, setting a state key first as a task's handler would.
    func answerRuns(of runner: TestClient) {
        for run in runner.take() where run["method"] == "task.run" {
            runner.request("state.set", ["key": "note", "value": .string("bumped \(run["params"]?["param"] ?? .null)")])
            runner.send(JSONValue.object(["jsonrpc": "2.0", "id": run["id"] ?? .null, "result": "done"]).description)
        }
    }

    /// What a person or a program sees of an instance: the stack, every screen's tree, the shared state.
    func screens(_ client: TestClient) -> JSONValue {
        let stack = client.result("controllers").arrayValue ?? []
        let trees = stack.map { client.result("tree", ["controller": $0["id"] ?? .null]) }
        return ["stack": .array(stack), "trees": .array(trees), "state": client.result("state.list")]
    }

    @Test(arguments: [7, 21, 64])
    func randomActionsOnSeveralInstancesMatchServicesOfTheirOwn(seed: UInt64) throws {
        let count = 3
        let scheduler = ManualScheduler()
        let instances = try SlamInstances(applications: .init(launched: RandomDemoActions.makeApplication), scheduler: scheduler)
        let owner = TestClient(instances, identifier: 99)
        var handles: [String?] = [nil]
        for _ in 1..<count { handles.append(owner.result("instance.create")["instance"]?.stringValue) }
        let shared = (0..<count).map { index in
            clients(index: index, handle: handles[index], instances: instances, service: instances.main)
        }
        // The same applications, each served by a service of its own, on one clock of their own.
        let ownScheduler = ManualScheduler()
        let own = try (0..<count).map { index in
            clients(index: index, handle: nil, instances: nil, service: try RandomDemoActions.makeService(scheduler: ownScheduler))
        }

        var random = RandomDemoActions.SeededGenerator(state: seed)
        var log: [String] = []
        var compared = 0
        for step in 0..<150 {
            let index = Int.random(in: 0..<count, using: &random)
            var actionRandom = RandomDemoActions.SeededGenerator(state: random.next())
            var ownRandom = actionRandom
            let action: String
            if Int.random(in: 0..<10, using: &random) == 0 {
                // A run of the task a client runs: answered by that instance's runner.
                let param = JSONValue.string("step \(step)")
                for clients in [shared[index], own[index]] {
                    clients.actor.send(JSONValue.object(["jsonrpc": "2.0", "method": "runTask", "params": ["name": "bump", "param": param],
                                                         "id": .integer(Int64(10_000 + step))]).description)
                    answerRuns(of: clients.runner)
                }
                action = "runTask bump"
            } else {
                action = try RandomDemoActions.perform(actor: shared[index].actor, scheduler: scheduler, random: &actionRandom)
                let ownAction = try RandomDemoActions.perform(actor: own[index].actor, scheduler: ownScheduler, random: &ownRandom)
                #expect(action == ownAction)
            }
            log.append("\(step): instance \(index): \(action)")
            for clients in shared + own { answerRuns(of: clients.runner) }
            for other in 0..<count {
                let (inDaemon, alone) = (shared[other], own[other])
                let heard = inDaemon.observer.take()
                compared += heard.count
                #expect(heard == alone.observer.take(),
                        "instance \(other)'s events differ after seed \(seed) step \(log.last!)\n\(log.suffix(8).joined(separator: "\n"))")
                _ = (inDaemon.actor.take(), alone.actor.take())
            }
        }
        #expect(compared > 150, "the observers heard events and batches to compare")
        for index in 0..<count {
            #expect(screens(shared[index].actor) == screens(own[index].actor), "instance \(index)'s screens differ after seed \(seed)")
        }
    }
}
