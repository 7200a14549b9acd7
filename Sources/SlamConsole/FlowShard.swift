/// One of `count` shares of a list of flows, so that machines of a CI matrix each run theirs
/// (`slamctl run --shard 2/4 flows/*.json`).
///
/// The shares are deterministic and depend only on the paths given: sorted by path (byte order),
/// the first goes to share 1, the second to share 2, … round-robin. Every machine given the same
/// paths, in whatever order its shell expands them, runs a different share, and together they run
/// each flow once. A share may be empty (more shares than flows): it runs nothing and passes.
public struct FlowShard: Sendable, Equatable {
    /// Which share, from 1.
    public let index: Int
    /// How many shares.
    public let count: Int

    /// `i/n`, 1 ≤ i ≤ n; a message saying what is wrong otherwise.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              !parts.contains(where: { $0.hasPrefix("+") }) else {
            throw ShardError("--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '\(text)'")
        }
        guard count >= 1 else { throw ShardError("--shard \(text): N, the number of shares, must be at least 1") }
        guard (1...count).contains(index) else {
            throw ShardError("--shard \(text): I must be between 1 and \(count) (shares are counted from 1)")
        }
        self.index = index
        self.count = count
    }

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a share is 1…count")
        self.index = index
        self.count = count
    }

    /// This share's paths, sorted.
    public func select(_ paths: [String]) -> [String] {
        let sorted = paths.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }

    /// A `--shard` value that is no share.
    public struct ShardError: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
