/// One row of the report: a named measurement at one tree size, its samples,
/// and the target it must meet (if any).
struct BenchmarkResult {
    /// What the samples count.
    enum Unit: String {
        /// Seconds of wall-clock time (printed as ns, µs, ms or s).
        case seconds
        /// A plain count (for example, how many state views rendered).
        case count
        /// Bytes (printed as B, KiB or MiB).
        case bytes
    }

    /// What a measurement must achieve to pass.
    enum Target {
        /// The median is at most this many units.
        case atMost(Double)
        /// Every sample is exactly this many units.
        case exactly(Double)

        func isMet(by samples: [Double], median: Double) -> Bool {
            switch self {
            case .atMost(let limit): median <= limit
            case .exactly(let value): samples.allSatisfy { $0 == value }
            }
        }
    }

    let name: String
    /// Elements in the tree (or children in the state view) measured.
    let size: Int
    let unit: Unit
    /// One value per run, in `unit`.
    let samples: [Double]
    let target: Target?

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    var minimum: Double { samples.min() ?? .nan }

    /// Nil when there is no target to meet.
    var passed: Bool? { target.map { $0.isMet(by: samples, median: median) } }
}
