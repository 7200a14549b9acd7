import Testing
import SlamConsole

/// `slamctl run --shard I/N`: shares of a list of flows that machines can split a suite by.
@Suite struct FlowShardTests {
    @Test func sharesAreDealtRoundRobinFromThePathsSorted() throws {
        let paths = ["flows/e.json", "flows/b.json", "flows/a.json", "flows/d.json", "flows/c.json"]
        #expect(try FlowShard(parsing: "1/2").select(paths) == ["flows/a.json", "flows/c.json", "flows/e.json"])
        #expect(try FlowShard(parsing: "2/2").select(paths) == ["flows/b.json", "flows/d.json"])
        #expect(try FlowShard(parsing: "1/1").select(paths) == paths.sorted())
        #expect(try FlowShard(parsing: "6/6").select(paths) == [], "more shares than flows: an empty share")
    }

    @Test(arguments: 1...7)
    func everyFlowIsInExactlyOneShareWhateverTheOrderGiven(_ count: Int) throws {
        let paths = (0..<23).map { "suite/flow-\($0).json" } + ["Z.json", "a b.json", "ä.json"]
        var seen: [String] = []
        for index in 1...count {
            let share = try FlowShard(parsing: "\(index)/\(count)")
            let chosen = share.select(paths)
            #expect(chosen == share.select(paths.reversed()), "the shell's order does not matter")
            #expect(abs(chosen.count - paths.count / count) <= 1, "shares differ by one flow at most")
            seen += chosen
        }
        #expect(seen.sorted() == paths.sorted())
    }

    @Test(arguments: [
        ("0/4", "--shard 0/4: I must be between 1 and 4 (shares are counted from 1)"),
        ("5/4", "--shard 5/4: I must be between 1 and 4 (shares are counted from 1)"),
        ("1/0", "--shard 1/0: N, the number of shares, must be at least 1"),
        ("2", "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '2'"),
        ("1/2/3", "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '1/2/3'"),
        ("/4", "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '/4'"),
        ("+1/4", "--shard must be I/N, the I-th of N shares counted from 1 (--shard 2/4), not '+1/4'"),
    ])
    func aValueThatIsNoShareSaysWhatIsWrong(_ text: String, _ message: String) {
        #expect(throws: FlowShard.ShardError.self) { try FlowShard(parsing: text) }
        do {
            _ = try FlowShard(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }
}
