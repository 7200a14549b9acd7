/// Resident memory per element of a shown screen: RSS after loading and pushing
/// a generated storyboard of `size` elements minus RSS before, divided by the
/// element count. The storyboard text exists before the first reading and the
/// parsed document is released before the second, so the difference is what the
/// live tree (elements, controller index, application) keeps.
///
/// Then the same after a client read the whole tree once, so that every element keeps its
/// snapshot text (what later reads copy): the second figure is what the daemon holds for a
/// screen that has been read, and the difference is what keeping the snapshots costs.
struct MemoryBenchmark {
    let options: BenchmarkOptions

    func run(size: Int) throws -> [BenchmarkResult] {
        let storyboard = StoryboardGenerator(elementCount: size).bytes()
        var perElement: [Double] = []
        var perElementKept: [Double] = []
        for _ in 0..<(options.quick ? 1 : 3) {
            ResidentMemory.releaseFreedMemory()
            guard let before = ResidentMemory.bytes() else { break }
            let screen = try LargeScreen(storyboard: storyboard)
            ResidentMemory.releaseFreedMemory()
            guard let after = ResidentMemory.bytes() else { break }
            perElement.append(Double(after - before) / Double(size))
            let client = InProcessClient(application: screen.application)
            client.send(InProcessClient.request("tree"))
            client.send(InProcessClient.request("ping"))  // the client keeps its last reply: not the tree's megabytes
            ResidentMemory.releaseFreedMemory()
            guard let kept = ResidentMemory.bytes() else { break }
            perElementKept.append(Double(kept - before) / Double(size))
            withExtendedLifetime((screen, client)) {}
        }
        withExtendedLifetime(storyboard) {}
        return [
            BenchmarkResult(name: "resident memory per element", size: size, unit: .bytes, samples: perElement,
                            target: .atMost(2_048)),
            // The target is for large screens: on small ones the application's fixed memory weighs on every element.
            BenchmarkResult(name: "  the same with its snapshot kept", size: size, unit: .bytes, samples: perElementKept,
                            target: size >= 100_000 ? .atMost(700) : nil),
        ]
    }
}
