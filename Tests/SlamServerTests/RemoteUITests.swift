import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
import SlamDemo
import SlamClient
import SlamUI
@testable import SlamServer

/// `ui.attach` and `ui.redraw`: a renderer's model, built only from the attach
/// result and the batches, equals what `tree` returns after every action that
/// other clients take.
@Suite struct RemoteUITests {
    /// An attached renderer beside the service: applies every batch it receives.
    final class Renderer {
        let client: TestClient
        let model = RemoteUIModel()

        init(_ service: SlamService, identifier: Int) throws {
            client = TestClient(service, identifier: identifier)
            try attach()
        }

        func attach() throws {
            try applyBatches()
            try model.attach(client.result("ui.attach"))
        }

        /// Applies the batches received so far, in order; anything else received is an error.
        func applyBatches() throws {
            for message in client.take() {
                #expect(message["method"] == "ui.redraw", "a renderer that subscribed to nothing got \(message)")
                try model.apply(try #require(message["params"]))
            }
        }

        /// Checks the model against the live UI, asked by this very connection (its reply comes after every batch before it).
        func expectMatchesLiveUI(after action: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try applyBatches()
            let stack = client.result("controllers").arrayValue ?? []
            try applyBatches()
            #expect(model.screens.map(\.id) == stack.map { $0["id"]?.stringValue ?? "" }, "stack after \(action)", sourceLocation: sourceLocation)
            #expect(model.screens.map(\.title) == stack.map { $0["title"]?.stringValue ?? "" }, sourceLocation: sourceLocation)
            #expect(model.screens.map(\.modal) == stack.map { $0["modal"]?.boolValue ?? false }, sourceLocation: sourceLocation)
            let identifiers = model.screens.map(\.id)
            for (index, screen) in model.screens.enumerated() where identifiers.lastIndex(of: screen.id) == index {
                let live = client.result("tree", ["controller": .string(screen.id)])
                try applyBatches()
                #expect(model.tree(ofScreenAt: index) == live, "screen \(screen.id) after \(action)", sourceLocation: sourceLocation)
            }
            // Keys in order, as state.list gives them: key order means nothing to the state.
            let state = JSONValue.Object(uniqueKeysWithValues: model.state.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            #expect(JSONValue.object(state) == client.result("state.list")["values"], "state after \(action)", sourceLocation: sourceLocation)
            try applyBatches()
        }
    }

    /// The property: over random presses, text, keys and focus, state sets, pushes, pops,
    /// alerts, keyed re-renders (the to-do list's rows reordered, added, removed) and the
    /// app's own timers, made by another client, every attached model equals `tree` at every batch.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func attachedModelEqualsTreeAfterEveryBatch(seed: UInt64) throws {
        let scheduler = ManualScheduler()
        let service = try RandomDemoActions.makeService(scheduler: scheduler)
        var random = RandomDemoActions.SeededGenerator(state: seed)
        let actor = TestClient(service, identifier: 10)
        let first = try Renderer(service, identifier: 1)
        var renderers = [first]
        var batchesSeen = 0

        for step in 0..<250 {
            let action = try RandomDemoActions.perform(actor: actor, scheduler: scheduler, random: &random)
            let label = "step \(step) (seed \(seed)): \(action)"
            // Now and then a renderer joins, leaves or re-attaches: the model of each still holds.
            switch Int.random(in: 0..<40, using: &random) {
            case 0 where renderers.count < 3:
                renderers.append(try Renderer(service, identifier: 100 + step))
            case 1 where renderers.count > 1:
                let leaving = renderers.removeLast()
                #expect(leaving.client.result("ui.detach") == ["detached": true])
                _ = leaving.client.take()
            case 2:
                try renderers[0].attach()
            default:
                break
            }
            for renderer in renderers { try renderer.expectMatchesLiveUI(after: label) }
            batchesSeen = first.model.seq
        }
        #expect(batchesSeen > 100, "the actions changed too little to test anything (\(batchesSeen) batches)")
        #expect(service.remoteUI.nodeCount > 0)
    }

    @Test func attachAnswersTheWholeStateAndBatchesFollowInOrder() throws {
        let service = try demoService()
        let renderer = try Renderer(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        #expect(renderer.model.screens.map(\.id) == ["Home"])
        let start = renderer.model.seq
        actor.result("press", ["ref": "increment"])
        let batches = renderer.client.take()
        #expect(batches.count == 1, "one press is one batch")
        #expect(batches.first?["params"]?["seq"] == .integer(Int64(start + 1)))
        // Swift clients read the same batch typed.
        guard case .notification(let notification)? = try? Message(jsonValue: try #require(batches.first)) else {
            Issue.record("a ui.redraw is a notification")
            return
        }
        let redraw = try #require(UIRedraw(notification))
        #expect(redraw.seq == start + 1)
        #expect(redraw.ops.count == batches.first?["params"]?["ops"]?.arrayValue?.count)
        let ops = batches.first?["params"]?["ops"]?.arrayValue ?? []
        #expect(ops.contains { $0["op"] == "update" && $0["snapshot"]?["ref"] == "count" && $0["snapshot"]?["text"] == "Count: 1" })
        for batch in batches { try renderer.model.apply(try #require(batch["params"])) }
        try renderer.expectMatchesLiveUI(after: "press")
    }

    @Test func pushSendsTheNewScreenWholeAndPopForgetsIt() throws {
        let service = try demoService()
        let renderer = try Renderer(service, identifier: 1)
        let actor = TestClient(service, identifier: 2)
        actor.result("runTask", ["name": "push", "param": "Settings"])
        let push = try #require(renderer.client.take().first?["params"])
        let stackOp = try #require(push["ops"]?.arrayValue?.first)
        #expect(stackOp["op"] == "stack")
        #expect(stackOp["stack"]?.arrayValue?.map { $0["tree"] != nil } == [false, true], "only the new screen carries its tree")
        try renderer.model.apply(push)
        let nodesWithSettings = renderer.model.nodes.count
        actor.result("runTask", ["name": "pop"])
        try renderer.applyBatches()
        #expect(renderer.model.screens.map(\.id) == ["Home"])
        #expect(renderer.model.nodes.count < nodesWithSettings)
        #expect(service.remoteUI.nodeCount == renderer.model.nodes.count, "the server forgets popped screens too")
        try renderer.expectMatchesLiveUI(after: "pop")
    }

    @Test func keyedReorderKeepsNodeNumbersAndSendsMoves() throws {
        let service = try demoService()
        let actor = TestClient(service, identifier: 2)
        actor.result("runTask", ["name": "push", "param": "Todos"])
        let records: [JSONValue] = ["a", "b", "c"].map { ["id": .string($0), "title": .string($0), "done": false] }
        actor.result("state.set", ["key": "todos", "value": .array(records)])
        let renderer = try Renderer(service, identifier: 1)
        let numbers = { (model: RemoteUIModel) in model.nodes.filter { ["a", "b", "c"].contains($0.value.snapshot["ref"]?.stringValue ?? "") }.mapValues { $0.snapshot["ref"]! } }
        let before = numbers(renderer.model)
        actor.result("state.set", ["key": "todos", "value": .array(records.reversed())])
        let batches = renderer.client.take()
        let ops = batches.flatMap { $0["params"]?["ops"]?.arrayValue ?? [] }
        #expect(ops.contains { $0["op"] == "move" })
        #expect(!ops.contains { $0["op"] == "insert" || $0["op"] == "remove" }, "kept rows are moved, not rebuilt: \(ops)")
        for batch in batches { try renderer.model.apply(try #require(batch["params"])) }
        #expect(numbers(renderer.model) == before)
        try renderer.expectMatchesLiveUI(after: "reverse")
    }

    @Test func detachStopsBatchesAndTheLastDetachDropsTheMirror() throws {
        let service = try demoService()
        let renderer = try Renderer(service, identifier: 1)
        #expect(service.remoteUI.isActive)
        #expect(renderer.client.result("ui.detach") == ["detached": true])
        #expect(renderer.client.result("ui.detach") == ["detached": false])
        #expect(!service.remoteUI.isActive)
        TestClient(service, identifier: 2).result("press", ["ref": "increment"])
        #expect(renderer.client.take().isEmpty)
    }

    @Test func aClosedRendererIsDetached() throws {
        let service = try demoService()
        let renderer = try Renderer(service, identifier: 1)
        service.disconnect(renderer.client.session)
        #expect(!service.remoteUI.isActive)
    }

    @Test func attachRefusesCapabilitiesThatAreNotAnObject() throws {
        let client = TestClient(try demoService())
        let reply = client.request("ui.attach", ["capabilities": "all"])
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["message"]?.stringValue?.contains("capabilities") == true)
        #expect(client.result("ui.attach", ["capabilities": ["future": true]])["capabilities"] == [:])
    }
}
