/// Times closures with `ContinuousClock`: a few untimed warm-up runs (caches,
/// lazily initialised globals, the allocator's free lists), then one sample per run.
enum Stopwatch {
    private static let clock = ContinuousClock()

    /// Runs `body` `warmUp + runs` times and returns the seconds of the last `runs`.
    /// Whatever `body` returns is released after the clock stops, so tearing a
    /// tree down is not counted as building it.
    static func samples<Result>(warmUp: Int, runs: Int, _ body: () throws -> Result) rethrows -> [Double] {
        for _ in 0..<warmUp { _ = try body() }
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            var kept: Result?
            let elapsed = try clock.measure { kept = try body() }
            samples.append(elapsed.seconds)
            withExtendedLifetime(kept) {}
        }
        return samples
    }

    /// Like ``samples(warmUp:runs:_:)`` for an operation too quick to time alone:
    /// each sample runs `body` `repetitions` times and divides, giving seconds per call.
    static func samplesPerCall(warmUp: Int, runs: Int, repetitions: Int, _ body: (Int) -> Void) -> [Double] {
        samples(warmUp: warmUp, runs: runs) {
            for index in 0..<repetitions { body(index) }
        }.map { $0 / Double(repetitions) }
    }
}

extension Duration {
    /// This duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
