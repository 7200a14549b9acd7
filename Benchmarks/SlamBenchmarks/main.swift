// SlamBenchmarks: in-process figures for large trees and state views.
//
//     swift run -c release SlamBenchmarks [--quick] [--json]
//     swift run -c release SlamBenchmarks --profile {load|update|reset|tree|find|press|press-traced|ping|render} SIZE [REPETITIONS] [--exchange DIRECTORY]
//
// Prints one row per measurement (median and minimum of several runs, and the
// target with pass/FAIL), then a summary line; exits 1 when a target is missed.
// Measured in process, without sockets: see each benchmark's documentation.

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--profile" {
    guard let profile = ProfileRun(arguments: arguments.dropFirst()) else {
        print("usage: SlamBenchmarks --profile {\(ProfileRun.Operation.allCases.map(\.rawValue).joined(separator: "|"))} SIZE [REPETITIONS] [--exchange DIRECTORY]")
        exit(2)
    }
    do { try profile.run() } catch {
        print("profile run failed: \(error)")
        exit(2)
    }
    exit(0)
}

guard let options = BenchmarkOptions(arguments: Array(arguments)) else { exit(2) }

func progress(_ message: String) {
    // Progress goes to stderr so `--json` output stays parseable.
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

#if DEBUG
progress("warning: a debug build; figures mean nothing (use swift run -c release SlamBenchmarks)")
#endif

var results: [BenchmarkResult] = []
do {
    // Memory first, while the heap is fresh.
    let memorySize = options.sizes.max() ?? 10_000
    progress("memory: \(memorySize) elements")
    results += try MemoryBenchmark(options: options).run(size: memorySize)
    for size in options.sizes {
        progress("tree: \(size) elements")
        results += try TreeBenchmarks(options: options).run(size: size)
    }
    progress("state view: 1000 rows")
    results += try StateViewBenchmark(options: options).run()
    progress("instances: \(InstanceBenchmark.count) of the demo")
    results += try InstanceBenchmark(options: options).run()
} catch {
    progress("benchmark failed: \(error)")
    exit(2)
}

let table = BenchmarkTable(results: results)
print(options.json ? table.json() : table.text())
exit(table.failures.isEmpty ? 0 : 1)
