import SlamJSON
import SlamServer
import SlamStoryboard
import SlamUI

/// Splits the two operations with targets into their phases, timed separately,
/// so a miss points at a phase: opening a screen (parse the JSON text, read the
/// storyboard into declarations, build and index the tree, push: load and
/// reset) and `tree` (snapshots straight into jansson's tree, jansson writes
/// it; the rest of the request is dispatch and bookkeeping).
struct PhaseBreakdown {
    let size: Int
    let runs: Int

    /// One row per phase of opening the storyboard `bytes`.
    func load(_ bytes: [UInt8]) throws -> [BenchmarkResult] {
        let clock = ContinuousClock()
        var phases: [(name: String, samples: [Double])] = [
            ("  load: parse JSON", []), ("  load: read storyboard", []),
            ("  load: instantiate controller", []), ("  load: push (load + reset)", []),
        ]
        for run in 0...runs {
            var json: JSONValue = .null
            var storyboard: Storyboard?
            var controller: ViewController?
            let application = Application()
            let times = try [
                clock.measure { json = try JSONParser().parse(bytes) },
                clock.measure { storyboard = try Storyboard(json: json) },
                clock.measure { controller = try storyboard!.instantiateController(identifier: StoryboardGenerator.controllerIdentifier) },
                clock.measure { application.push(controller!) },
            ]
            guard run > 0 else { continue }  // the first run warms up
            for index in phases.indices { phases[index].samples.append(times[index].seconds) }
        }
        return phases.map { BenchmarkResult(name: $0.name, size: size, unit: .seconds, samples: $0.samples, target: nil) }
    }

    /// One row per phase of answering `tree` for `root`.
    func tree(_ root: View) throws -> [BenchmarkResult] {
        let build = Stopwatch.samples(warmUp: 1, runs: runs) { _ = root.treeNode(depth: nil) }
        let node = root.treeNode(depth: nil)
        let write = try Stopwatch.samples(warmUp: 1, runs: runs) { try node.serialized().count }
        return [
            BenchmarkResult(name: "  tree: snapshots into jansson", size: size, unit: .seconds, samples: build, target: nil),
            BenchmarkResult(name: "  tree: jansson writes the text", size: size, unit: .seconds, samples: write, target: nil),
        ]
    }
}
