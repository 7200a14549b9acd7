/// Command-line options: `[--quick] [--json]`.
struct BenchmarkOptions {
    /// A fast smoke run: no 100k tree, fewer runs.
    var quick = false
    /// Print JSON for scripts instead of the table.
    var json = false

    /// Parses the arguments (without the program name); nil after printing usage.
    init?(arguments: [String]) {
        for argument in arguments {
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            default:
                print("usage: SlamBenchmarks [--quick] [--json] | --profile OPERATION SIZE [REPETITIONS]   (build with -c release)")
                return nil
            }
        }
    }

    /// Tree sizes measured.
    var sizes: [Int] { quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] }

    /// Timed runs for an operation on a tree of `size` elements: enough for a
    /// stable median on a noisy machine, fewer where one run takes long.
    func runs(for size: Int) -> Int {
        let runs = size >= 100_000 ? 7 : size >= 10_000 ? 15 : 25
        return quick ? max(3, runs / 3) : runs
    }

    /// Untimed runs before measuring.
    func warmUp(for size: Int) -> Int { size >= 100_000 || quick ? 1 : 3 }
}
