import BenchKit
import Testing

@testable import bench

/// `bench plan`: the plan `--shard I/N` runs, printed with predicted totals and a
/// GitHub Actions matrix; costs from a results file's measured times.
@Suite struct PlanCommandTests {
    @Test("three shards of the selftest suites by case count, with the matrix")
    func byCaseCount() {
        let (status, text) = BenchToolTests.main(
            "plan", "--shards", "3", "--suite", "selftest,selftest-sql", "--sizes", "10k")
        #expect(status == 0)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("shard plan: ") == true)
        #expect(lines.first?.hasSuffix("groups over 3 shards, costed by cases") == true)
        #expect(lines.filter { $0.hasPrefix("shard ") && $0.contains("/3: ") }.count == 3)
        #expect(
            text.contains(
                "  matrix:\n    shard: [1, 2, 3]\n# then: bench run … --shard ${{ matrix.shard }}/3"
            ))
    }

    @Test("the printed plan: each shard's total and groups, then the matrix")
    func measured() {
        let plan = ShardPlan(
            groups: [("s/a", 10), ("s/b", 10), ("s/c", 10)], count: 2,
            costs: ShardCosts(caseCounts: [
                ShardCosts.key("s/a", 10): 5, ShardCosts.key("s/b", 10): 3,
                ShardCosts.key("s/c", 10): 2,
            ]))
        #expect(
            PlanCommand.lines(plan, from: nil) == [
                "shard plan: 3 groups over 2 shards, costed by cases",
                "shard 1/2: 5 cases, 1 groups", "  s/a @10  5",
                "shard 2/2: 5 cases, 2 groups", "  s/b @10  3", "  s/c @10  2",
                "", "# GitHub Actions", "strategy:", "  matrix:", "    shard: [1, 2]",
                "# then: bench run … --shard ${{ matrix.shard }}/2",
            ])
    }

    @Test("--shards is required; an unreadable --from is an input error")
    func errors() {
        #expect(BenchToolTests.main("plan").status == 2)
        #expect(
            BenchToolTests.main("plan", "--shards", "2", "--from", "/nonexistent.json").status == 2)
    }
}
