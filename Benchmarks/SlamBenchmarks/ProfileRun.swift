import SlamDemo
import SlamJSON
import SlamProtocol
import SlamServer
#if canImport(Glibc)
import Glibc
#endif

/// `--profile OPERATION SIZE [REPETITIONS]`: runs one operation on a prepared
/// tree, untimed and without the table, so a profiler (`valgrind
/// --tool=callgrind --toggle-collect=…`, `perf record`) sees only that work.
/// The tree is prepared outside ``perform()``, which a profiler can focus on.
/// `find`, `press` and `ping` send one request per repetition through ``InProcessClient``
/// (`press` toggles a switch that has no autoUI; `ping`: the cost of parsing, dispatch and the reply alone);
/// `scripts/bench-instructions.sh` counts their instructions with callgrind.
/// `encode` writes a set of protocol results and events (no element snapshots) to JSON text: the
/// cost of the declared result types' encoding alone (SIZE is ignored).
/// `--exchange DIRECTORY` after the arguments writes a request operation's request body and its last reply
/// to `DIRECTORY/OPERATION.request` and `.reply`: the exchange `bench/jansson-floor.c` answers with jansson alone.
struct ProfileRun {
    enum Operation: String, CaseIterable {
        case load, update, reset, tree, find, press, ping, render
        /// `press` while a trace is written (to a file in a temporary directory, by the trace's writer thread).
        case pressTraced = "press-traced"
        /// The demo's +1 (autoUI: the Home screen updates; the count and progress change), as `make bench-rpc`
        /// and `make bench-trace` press it (SIZE is ignored); then the same while a trace is written.
        case pressDemo = "press-demo"
        case pressDemoTraced = "press-demo-traced"
        case encode
    }

    let operation: Operation
    let size: Int
    let repetitions: Int
    /// Where to write the request and its last reply (`--exchange`), or nil.
    let exchangeDirectory: String?

    /// Parses `OPERATION SIZE [REPETITIONS] [--exchange DIRECTORY]`; nil when they are not that.
    init?(arguments: ArraySlice<String>) {
        var arguments = arguments
        if let option = arguments.firstIndex(of: "--exchange") {
            guard option + 1 < arguments.endIndex, option + 2 == arguments.endIndex else { return nil }
            exchangeDirectory = arguments[option + 1]
            arguments = arguments[..<option]
        } else {
            exchangeDirectory = nil
        }
        guard let first = arguments.first, let operation = Operation(rawValue: first),
              let size = arguments.dropFirst().first.flatMap({ Int($0) }) else { return nil }
        self.operation = operation
        self.size = size
        repetitions = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1
    }

    func run() throws {
        let storyboard = StoryboardGenerator(elementCount: size).bytes()
        switch operation {
        case .load:
            for _ in 0..<repetitions { try perform { _ = try LargeScreen(storyboard: storyboard) } }
        case .update, .reset, .tree, .find, .press, .pressTraced, .ping:
            let screen = try LargeScreen(storyboard: storyboard)
            screen.attachDataSources()
            let traces = operation == .pressTraced ? try TraceScratch() : nil
            let client = InProcessClient(application: screen.application, configuration: traces?.configuration ?? .init())
            let treeRequest = InProcessClient.request("tree")
            let findRequest = InProcessClient.request("find", params: #"{"ref":"s0g0e1"}"#)
            let pingRequest = InProcessClient.request("ping")
            let pressRequest = InProcessClient.request("press", params: #"{"ref":"s0g0e2"}"#)
            if operation == .pressTraced {
                client.send(InProcessClient.request("trace.start", params: #"{"name":"profile.jsonl"}"#))
            }
            defer { if traces != nil { client.send(InProcessClient.request("trace.stop")) } }
            let request = switch operation {
            case .tree: treeRequest
            case .ping: pingRequest
            case .press, .pressTraced: pressRequest
            default: findRequest
            }
            var reply: [UInt8] = []
            for _ in 0..<repetitions {
                perform {
                    switch operation {
                    case .update: screen.controller.updateUI()
                    case .reset: screen.controller.resetUI()
                    default: reply = client.send(request)
                    }
                }
            }
            if let exchangeDirectory, operation != .update, operation != .reset {
                try write(request, to: "\(exchangeDirectory)/\(operation.rawValue).request")
                try write(reply, to: "\(exchangeDirectory)/\(operation.rawValue).reply")
            }
        case .pressDemo, .pressDemoTraced:
            let traces = operation == .pressDemoTraced ? try TraceScratch() : nil
            let client = InProcessClient(application: try DemoApp.makeApplication(), configuration: traces?.configuration ?? .init())
            if operation == .pressDemoTraced {
                client.send(InProcessClient.request("trace.start", params: #"{"name":"profile.jsonl"}"#))
            }
            defer { if traces != nil { client.send(InProcessClient.request("trace.stop")) } }
            let pressRequest = InProcessClient.request("press", params: #"{"ref":"increment"}"#)
            for _ in 0..<repetitions { perform { client.send(pressRequest) } }
        case .encode:
            let results = ResultSamples()
            for _ in 0..<repetitions { perform { results.encodeAll() } }
        case .render:
            let benchmark = StateViewBenchmark(options: BenchmarkOptions(arguments: ["--quick"])!, rowCount: size)
            for _ in 0..<repetitions { _ = try benchmark.run() }
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else { throw ProfileRunError(description: "cannot write \(path)") }
        defer { fclose(file) }
        guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == bytes.count else {
            throw ProfileRunError(description: "cannot write \(path)")
        }
    }

    /// The profiled work: `--toggle-collect='*ProfileRun*perform*'` in callgrind.
    @inline(never)
    func perform(_ body: () throws -> Void) rethrows {
        try body()
    }
}

/// A temporary trace directory for the traced operations, removed with its trace afterwards
/// (`trace.start` writes only new files in a trace directory).
private final class TraceScratch {
    let directory: String
    var configuration: SlamService.Configuration { .init(traceDirectory: directory) }

    init() throws {
        var template = Array("/tmp/slam-profile-trace-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ProfileRunError(description: "cannot make a temporary trace directory")
        }
        directory = String(cString: made)
    }

    deinit {
        unlink(directory + "/profile.jsonl")
        rmdir(directory)
    }
}

private struct ProfileRunError: Error, CustomStringConvertible {
    let description: String
}
