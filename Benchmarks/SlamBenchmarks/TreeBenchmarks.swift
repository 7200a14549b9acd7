import SlamServer
@_spi(SnapshotCache) import SlamUI

/// Benchmarks on one large generated screen: how long it takes to open it,
/// update and reset it, find an element in it (directly and over the protocol)
/// and serialise its tree for a client. These bound what a script driving a big
/// UI waits for on every request.
struct TreeBenchmarks {
    let options: BenchmarkOptions

    /// Every measurement for a tree of `size` elements.
    func run(size: Int) throws -> [BenchmarkResult] {
        let storyboard = StoryboardGenerator(elementCount: size).bytes()
        let runs = options.runs(for: size)
        let warmUp = options.warmUp(for: size)
        var results: [BenchmarkResult] = []

        // 1. Opening the screen: parse, read the storyboard, build the tree, index it, push (loads and resets).
        let load = try Stopwatch.samples(warmUp: warmUp, runs: runs) { try LargeScreen(storyboard: storyboard) }
        results.append(BenchmarkResult(name: "load storyboard + push", size: size, unit: .seconds, samples: load,
                                       target: size == 100_000 ? .atMost(1) : nil))
        let breakdown = PhaseBreakdown(size: size, runs: max(3, runs / 2))
        results += try breakdown.load(storyboard)

        let screen = try LargeScreen(storyboard: storyboard)
        precondition(screen.controller.referenceCount == size, "the generated tree has \(screen.controller.referenceCount) elements, not \(size)")
        screen.attachDataSources()
        let controller = screen.controller

        // 2. updateUI pulls every data source; with nothing changed it reports no change.
        let update = Stopwatch.samples(warmUp: warmUp, runs: runs * 2) { controller.updateUI().count }
        precondition(controller.find("s0g0e0").map { ($0 as? Label)?.text == "Label s0g0e0 (42)" } ?? false, "data sources did not run")
        results.append(BenchmarkResult(name: "updateUI (data sources)", size: size, unit: .seconds, samples: update,
                                       target: size == 10_000 ? .atMost(0.002) : nil))

        // 3. resetUI reloads resettable elements, then fills like updateUI.
        let reset = Stopwatch.samples(warmUp: warmUp, runs: runs * 2) { controller.resetUI().count }
        results.append(BenchmarkResult(name: "resetUI", size: size, unit: .seconds, samples: reset, target: nil))

        // 4a. find by reference, in a scattered order (not the insertion order).
        let references = Self.scattered(screen.references)
        let lookups = Stopwatch.samplesPerCall(warmUp: 1, runs: runs, repetitions: references.count) { index in
            precondition(controller.find(references[index]) != nil)
        }
        results.append(BenchmarkResult(name: "find (per lookup)", size: size, unit: .seconds, samples: lookups, target: nil))

        // 4b. find over the protocol: request bytes in, snapshot reply bytes out (target at every size).
        let client = InProcessClient(application: screen.application)
        let requests = references.prefix(1_000).map { InProcessClient.request("find", params: #"{"ref":"\#($0)"}"#) }
        let firstReply = String(decoding: client.send(requests[0]), as: UTF8.self)
        precondition(firstReply.contains(#""result""#), "find failed: \(firstReply)")
        let serviceFind = Stopwatch.samplesPerCall(warmUp: 1, runs: runs, repetitions: requests.count) { index in
            client.send(requests[index])
        }
        results.append(BenchmarkResult(name: "find via service (per request)", size: size, unit: .seconds, samples: serviceFind,
                                       target: .atMost(2.5e-6)))

        // 5. The whole tree as reply bytes, as `slamctl tree` gets it: first with nothing kept (every
        //    element's snapshot written by jansson), then as it is asked again (the kept texts copied).
        let treeRequest = InProcessClient.request("tree")
        let coldTree = Stopwatch.samples(warmUp: 0, runs: max(3, runs / 2)) { () -> Int in
            controller.view.forEachInTree { $0.cachedSnapshotText = nil }
            return client.send(treeRequest).count
        }
        results.append(BenchmarkResult(name: "tree via service, nothing kept", size: size, unit: .seconds, samples: coldTree, target: nil))
        let treeReply = client.send(treeRequest)
        precondition(String(decoding: treeReply.prefix(64), as: UTF8.self).contains(#""result""#), "tree failed")
        let tree = Stopwatch.samples(warmUp: warmUp, runs: runs) { client.send(treeRequest).count }
        results.append(BenchmarkResult(name: "tree via service", size: size, unit: .seconds, samples: tree,
                                       target: size == 10_000 ? .atMost(0.005) : size == 100_000 ? .atMost(0.060) : nil))
        results += try breakdown.tree(controller.view)
        results.append(BenchmarkResult(name: "tree reply size", size: size, unit: .bytes, samples: [Double(treeReply.count)], target: nil))

        // 6. The accessibility snapshot (`snapshot`), as an agent reads the screen.
        let snapshotRequest = InProcessClient.request("snapshot")
        precondition(String(decoding: client.send(snapshotRequest).prefix(64), as: UTF8.self).contains(#""result""#), "snapshot failed")
        let snapshot = Stopwatch.samples(warmUp: warmUp, runs: runs) { client.send(snapshotRequest).count }
        results.append(BenchmarkResult(name: "snapshot via service", size: size, unit: .seconds, samples: snapshot,
                                       target: size == 10_000 ? .atMost(0.005) : nil))

        // 7. A renderer attaching (`ui.attach`: the mirror made and the whole UI written), then detaching.
        let renderer = InProcessClient(service: client.service, identifier: 2)
        let attachRequest = InProcessClient.request("ui.attach")
        let detachRequest = InProcessClient.request("ui.detach")
        let attach = Stopwatch.samples(warmUp: warmUp, runs: runs) { () -> Int in
            let count = renderer.send(attachRequest).count
            renderer.send(detachRequest)
            return count
        }
        results.append(BenchmarkResult(name: "ui.attach + ui.detach via service", size: size, unit: .seconds, samples: attach,
                                       target: size == 10_000 ? .atMost(0.010) : nil))

        // 8. A press that changes one label with a renderer attached: the reply and the renderer's
        //    `ui.redraw` both sent (server time, as the daemon spends it minus the socket).
        let target = try pressChangingOneLabel(screen)
        renderer.send(attachRequest)
        let pressRequest = InProcessClient.request("press", params: #"{"ref":"\#(target.button)"}"#)
        let pressRedraws = renderer.notifications
        let press = Stopwatch.samplesPerCall(warmUp: 1, runs: runs, repetitions: 200) { _ in client.send(pressRequest) }
        precondition(renderer.notifications - pressRedraws >= 200, "the press sent no ui.redraw")
        precondition(String(decoding: renderer.lastNotification, as: UTF8.self).contains(target.label), "the redraw did not carry the label")
        renderer.send(detachRequest)
        results.append(BenchmarkResult(name: "press + ui.redraw (one label)", size: size, unit: .seconds, samples: press,
                                       target: size == 10_000 ? .atMost(200e-6) : nil))
        withExtendedLifetime(screen) {}
        return results
    }

    /// Makes the first Button press change the first Label's text (a counter), with no autoUI: the
    /// press changes exactly one element on the screen.
    private func pressChangingOneLabel(_ screen: LargeScreen) throws -> (button: String, label: String) {
        let elements = screen.controller.allElements
        guard let button = elements.first(where: { $0 is Button }) as? Button,
              let label = elements.first(where: { $0 is Label }) as? Label else {
            throw BenchmarkError(description: "the generated screen has no Button or no Label")
        }
        var presses = 0
        screen.application.tasks.addTask(name: "bumpOneLabel") { [unowned label] _ in
            presses += 1
            label.text = "Pressed \(presses) times"
        }
        button.task = "bumpOneLabel"
        button.autoUI = false
        label.textDataSource = nil
        return (button.reference, label.reference)
    }

    /// The references in a fixed pseudo-random order (a multiplicative stride), so
    /// look-ups do not walk memory in allocation order.
    static func scattered(_ references: [String]) -> [String] {
        let count = references.count
        guard count > 1 else { return references }
        var stride = 7_919  // a prime; make it coprime with count
        while gcd(stride, count) != 1 { stride += 2 }
        return (0..<count).map { references[($0 * stride) % count] }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

/// A benchmark that cannot run as written (its screen lacks what it needs).
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}
