import SlamDemo
import SlamServer
import SlamUI

/// Instances of the demo in one daemon, in process: making one through `instance.create` (the
/// demo's application made, its service set up, the reply written), the resident memory each keeps
/// with 1,000 open at once, and those 1,000 each answering a `find` (`instance.use`, then `find`).
struct InstanceBenchmark {
    let options: BenchmarkOptions
    static let count = 1_000

    func run() throws -> [BenchmarkResult] {
        let limits = ServiceLimits(instances: 4 * Self.count)
        let instances = try SlamInstances(makeApplication: { try DemoApp.makeApplication() }, scheduler: InProcessClient.IdleScheduler(),
                                          configuration: .init(limits: limits))
        let client = InProcessClient(service: instances.main, identifier: 1)
        let create = InProcessClient.request("instance.create")
        let creation = Stopwatch.samples(warmUp: 20, runs: options.quick ? 50 : 300) { client.send(create) }
        for instance in instances.all.dropFirst() {
            client.send(InProcessClient.request("instance.close", params: #"{"instance":"\#(instance.instance.handle)"}"#))
        }

        var memory: [Double] = []
        var answered: [Double] = []
        for _ in 0..<(options.quick ? 1 : 3) {
            ResidentMemory.releaseFreedMemory()
            guard let before = ResidentMemory.bytes() else { break }
            var handles: [String] = []
            for _ in 0..<Self.count {
                let reply = client.send(create)
                guard let handle = Self.handle(in: reply) else { throw BenchmarkError(description: "instance.create answered \(String(decoding: reply, as: UTF8.self))") }
                handles.append(handle)
            }
            ResidentMemory.releaseFreedMemory()
            guard let after = ResidentMemory.bytes() else { break }
            memory.append(Double(after - before) / Double(Self.count))
            // Each of them answers a find of its own.
            let find = InProcessClient.request("find", params: #"{"ref":"count"}"#)
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                for handle in handles {
                    client.send(InProcessClient.request("instance.use", params: #"{"instance":"\#(handle)"}"#))
                    let reply = client.send(find)
                    guard reply.count > 40, String(decoding: reply, as: UTF8.self).contains(#""text":"Count: 0""#) else {
                        throw BenchmarkError(description: "instance \(handle) answered find with \(String(decoding: reply, as: UTF8.self))")
                    }
                }
            }
            answered.append(elapsed.seconds / Double(Self.count))
            client.send(InProcessClient.request("instance.use", params: #"{"instance":"main"}"#))
            for handle in handles {
                client.send(InProcessClient.request("instance.close", params: #"{"instance":"\#(handle)"}"#))
            }
        }
        return [
            BenchmarkResult(name: "instance.create of the demo", size: 1, unit: .seconds, samples: creation, target: .atMost(0.001)),
            BenchmarkResult(name: "resident memory per instance, \(Self.count) open", size: Self.count, unit: .bytes, samples: memory,
                            target: .atMost(2 * 1_048_576)),
            BenchmarkResult(name: "  each answering instance.use + find", size: Self.count, unit: .seconds, samples: answered, target: nil),
        ]
    }

    /// The `instance` member of an `instance.create` reply.
    private static func handle(in reply: [UInt8]) -> String? {
        let key = Array(#""instance":""#.utf8)
        guard let start = (0...(reply.count - key.count)).first(where: { reply[$0..<$0 + key.count].elementsEqual(key) }),
              let end = reply[(start + key.count)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: reply[(start + key.count)..<end], as: UTF8.self)
    }
}
