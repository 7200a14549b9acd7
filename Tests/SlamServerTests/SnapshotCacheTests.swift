import Testing
import SlamJSON
import SlamProtocol
import SlamRPC
@_spi(SnapshotCache) import SlamUI
@_spi(SnapshotCache) @testable import SlamServer

/// Replies are written from each element's kept snapshot text and accessibility line; these
/// must never be stale. After every random action another client takes, nothing kept differs
/// from what would be written now, and every reply built from what is kept equals the same
/// reply built afresh.
@Suite struct SnapshotCacheTests {
    /// The property, over the remote-UI property test's action mix, with a renderer attached (so
    /// `ui.redraw` batches and `changed` events are written from the cache too).
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func keptSnapshotsEqualFreshOnesAfterEveryAction(seed: UInt64) throws {
        let scheduler = ManualScheduler()
        let service = try RandomDemoActions.makeService(scheduler: scheduler)
        var random = RandomDemoActions.SeededGenerator(state: seed)
        let actor = TestClient(service, identifier: 10)
        actor.request("subscribe", ["events": ["changed"]])
        let reader = TestClient(service, identifier: 20)
        let renderer = TestClient(service, identifier: 30)
        renderer.request("ui.attach")
        var reused = 0

        for step in 0..<200 {
            let action = try RandomDemoActions.perform(actor: actor, scheduler: scheduler, random: &random)
            let label = "step \(step) (seed \(seed)): \(action)"
            // Looked at first, before a read could reuse (and, in a debug build, check) what is kept.
            #expect(service.elementsWithStaleCachedOutput() == [], "stale after \(label)")
            reused += service.application.stack.reduce(0) { count, presentation in
                var kept = 0
                presentation.controller.view.forEachInTree { if $0.cachedSnapshotText != nil { kept += 1 } }
                return count + kept
            }

            // A screen pushed twice is named once: by its identifier, the client reaches the topmost.
            let controllers = service.application.stack.map(\.controller)
            for (index, controller) in controllers.enumerated()
            where controllers.lastIndex(where: { $0.identifier == controller.identifier }) == index {
                let root = controller.view
                let tree = reader.result("tree", ["controller": .string(controller.identifier)])
                #expect(tree == (try JSONParser().parse(root.treeNode(depth: nil).serialized())), "tree after \(label)")
                let snapshot = reader.result("snapshot", ["controller": .string(controller.identifier)])["snapshot"]
                #expect(snapshot == .string(AccessibilityNode.render(root.accessibilityNodes())), "snapshot after \(label)")
                let queried = reader.result("query", ["controller": .string(controller.identifier)]).arrayValue ?? []
                var fresh: [JSONValue] = []
                root.forEachInTree { fresh.append(try! JSONParser().parse($0.snapshotNode().serialized())) }
                #expect(queried == fresh, "query after \(label)")
            }
            // The renderer's whole state again now and then: the attach result from what is kept.
            if step % 25 == 0 {
                let attached = renderer.result("ui.attach")
                let trees = (attached["stack"]?.arrayValue ?? []).map { Self.withoutNodeNumbers($0["tree"] ?? .null) }
                let top = service.application.stack.map { try! JSONParser().parse($0.controller.view.treeNode(depth: nil).serialized()) }
                #expect(trees == top, "ui.attach after \(label)")
            }
            _ = renderer.take()
            _ = reader.take()
        }
        #expect(reused > 1_000, "the replies reused too few kept snapshots to test anything (\(reused))")
    }

    /// A change that bypasses ``SlamUI/View/markChanged()`` is what the property looks for: this one
    /// shows the check sees it (a kept text made stale on purpose).
    @Test func aKeptSnapshotThatNoLongerMatchesIsFound() throws {
        let service = try RandomDemoActions.makeService(scheduler: ManualScheduler())
        let reader = TestClient(service, identifier: 1)
        _ = reader.result("tree")
        #expect(service.elementsWithStaleCachedOutput() == [])
        let count = try #require(service.application.topController?.find("count"))
        count.cachedSnapshotText = Array(#"{"type":"Label","ref":"count","text":"stale"}"#.utf8)
        #expect(service.elementsWithStaleCachedOutput().contains { $0.hasSuffix(": count") })
    }

    /// Node numbers are the renderer's own; the trees compare without them.
    private static func withoutNodeNumbers(_ tree: JSONValue) -> JSONValue {
        guard case .object(var object) = tree else { return tree }
        object["node"] = nil
        if let children = object["children"]?.arrayValue { object["children"] = .array(children.map(withoutNodeNumbers)) }
        return .object(object)
    }
}

extension SnapshotCacheTests {
    /// `snapshot`'s reply, written in one pass, is the bytes its declared result type writes.
    @Test func theSnapshotReplyIsWhatItsResultTypeWrites() throws {
        let service = try RandomDemoActions.makeService(scheduler: ManualScheduler())
        let controller = try #require(service.application.topController)
        let expected = AccessibilitySnapshot(controller: controller.identifier, title: controller.title,
                                             snapshot: controller.view.accessibilitySnapshot() + "\"\\\t\u{1}")
        let written = AccessibilitySnapshotOutput(snapshot: expected).jsonNode()
        #expect(try written.serialized() == (try expected.jsonNode().serialized()))
    }
}
