import Testing

@testable import BenchKit

/// The balanced shard plan: longest group first to the least loaded shard, groups
/// kept whole, the same plan for every shard, measured costs when given.
@Suite struct ShardPlanTests {
    @Test("recorded costs 8 7 6 5 4 3 2 over 3 shards: totals 13, 11, 11")
    func longestFirst() {
        let groups = (1...7).map { (benchmark: "s/g\($0)", size: 10) }
        let counts = Dictionary(
            uniqueKeysWithValues: zip(
                groups.map { ShardCosts.key($0.benchmark, 10) }, [8, 7, 6, 5, 4, 3, 2]))
        let plan = ShardPlan(groups: groups, count: 3, costs: ShardCosts(caseCounts: counts))
        #expect(plan.entries.map(\.shard) == [1, 2, 3, 3, 2, 1, 1])
        #expect(plan.predictedTotals == [13, 11, 11])
        #expect(plan.unit == "cases")
    }

    @Test(
        "a run records each case's share of its group's time, and a plan from it keeps groups whole"
    )
    func measured() throws {
        let benchmarks = [
            Fixtures.benchmark("first", sizes: [10, 20, 30]),
            Fixtures.benchmark("second", Trio.self, sizes: [5, 6]),
        ]
        let whole = Fixtures.run(benchmarks)
        #expect(whole.cases.allSatisfy { ($0.elapsedNanoseconds ?? 0) > 0 })
        let plan = RunPlan.shardPlan(benchmarks: benchmarks, count: 2, costs: whole)
        #expect(plan.unit == "measured seconds" && plan.entries.count == 5)
        let parts = (1...2).map { index in
            RunPlan(benchmarks: benchmarks, shard: Shard(index: index, count: 2), costs: whole)
        }
        let keys = parts.flatMap { $0.groups.map { "\($0.benchmark.id)@\($0.size)" } }
        #expect(keys.sorted() == plan.entries.map { "\($0.benchmark)@\($0.size)" }.sorted())
        for (index, part) in parts.enumerated() {
            #expect(
                part.groups.allSatisfy { group in
                    plan.entries.contains {
                        $0.benchmark == group.benchmark.id.description && $0.size == group.size
                            && $0.shard == index + 1
                    }
                })
        }
    }

    @Test("a results file without times (older runs) falls back to case counts")
    func fallback() {
        let costs = ShardCosts(
            results: Fixtures.results(RunOutcome(cases: [], datasets: [], wasInterrupted: false)),
            caseCounts: [ShardCosts.key("s/a", 1): 3])
        #expect(costs.unit == "cases" && costs.cost(benchmark: "s/a", size: 1) == 3)
    }
}
