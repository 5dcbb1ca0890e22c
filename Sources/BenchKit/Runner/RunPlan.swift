/// The cases a run will execute, grouped by scenario and size.
///
/// A group holds every configuration of one benchmark at one size: the runner steps
/// them in turn (A B C A B C) and compares their checksums. Groups are ordered by
/// benchmark, then size ascending; `--filter`, `--sizes` and `--shard` select from them.
/// Cost: data only.
public struct RunPlan: Sendable {
    /// All configurations of one benchmark at one size.
    public struct Group: Sendable {
        /// The benchmark.
        public let benchmark: Benchmark
        /// The size.
        public let size: Int

        /// The cases of this group, one per configuration, in declaration order.
        public var cases: [CaseKey] {
            benchmark.configurations.map {
                CaseKey(benchmark: benchmark.id, configuration: $0.name, size: size)
            }
        }
    }

    /// The groups, in run order.
    public let groups: [Group]

    /// Plans `benchmarks`.
    /// - Parameters:
    ///   - benchmarks: Candidates, in order.
    ///   - filter: Keeps benchmarks whose ID matches; nil keeps all.
    ///   - sizes: Replaces each benchmark's default sizes; nil keeps them.
    ///   - shard: Keeps the groups the balanced ``ShardPlan`` gives this shard; nil
    ///     keeps all.
    ///   - costs: Measured costs for the shard plan (`--shard-costs`); nil balances
    ///     by case count.
    ///   - shardPlan: A plan made beforehand (`--shard-plan`), which decides instead of
    ///     `costs`; groups it does not list are left out (``ShardPlan/mismatch(with:)``
    ///     says which, and the session refuses such a run).
    public init(
        benchmarks: [Benchmark], filter: Glob? = nil, sizes: [Int]? = nil, shard: Shard? = nil,
        costs: RunResults? = nil, shardPlan: ShardPlan? = nil
    ) {
        let all = Self.allGroups(benchmarks, filter: filter, sizes: sizes)
        guard let shard else {
            groups = all
            return
        }
        if let shardPlan {
            groups = all.filter {
                shardPlan.shard(of: $0.benchmark.id.description, size: $0.size) == shard.index
            }
            return
        }
        let plan = Self.shardPlan(all, count: shard.count, costs: costs)
        groups = all.enumerated().filter { plan.includes(position: $0.offset, in: shard.index) }
            .map(\.element)
    }

    /// Every group (benchmark ID and size, run order) before sharding, as a shard plan
    /// lists them.
    public static func groupKeys(benchmarks: [Benchmark], filter: Glob? = nil, sizes: [Int]? = nil)
        -> [(benchmark: String, size: Int)]
    {
        allGroups(benchmarks, filter: filter, sizes: sizes).map {
            (benchmark: $0.benchmark.id.description, size: $0.size)
        }
    }

    /// The shard plan of `benchmarks` over `count` shards: `bench plan` prints it and
    /// `--shard I/N` runs shard I of it.
    public static func shardPlan(
        benchmarks: [Benchmark], filter: Glob? = nil, sizes: [Int]? = nil, count: Int,
        costs: RunResults? = nil
    ) -> ShardPlan {
        shardPlan(allGroups(benchmarks, filter: filter, sizes: sizes), count: count, costs: costs)
    }

    /// The shard plan of `benchmarks` over `count` shards costed by a history's
    /// recent runs (``ShardCosts/init(history:caseCounts:runs:)``): `bench plan
    /// --history FILE`.
    public static func shardPlan(
        benchmarks: [Benchmark], filter: Glob? = nil, sizes: [Int]? = nil, count: Int,
        history: [HistoryRecord]
    ) -> ShardPlan {
        shardPlan(allGroups(benchmarks, filter: filter, sizes: sizes), count: count) {
            ShardCosts(history: history, caseCounts: $0)
        }
    }

    private static func allGroups(_ benchmarks: [Benchmark], filter: Glob?, sizes: [Int]?)
        -> [Group]
    {
        let selected = benchmarks.filter { filter?.matches($0.id.description) ?? true }
        return selected.flatMap { benchmark in
            (sizes ?? benchmark.sizes).sorted().map { Group(benchmark: benchmark, size: $0) }
        }
    }

    private static func shardPlan(_ groups: [Group], count: Int, costs: RunResults?)
        -> ShardPlan
    {
        shardPlan(groups, count: count) { counts in
            costs.map { ShardCosts(results: $0, caseCounts: counts) }
                ?? ShardCosts(caseCounts: counts)
        }
    }

    /// The plan of `groups` with the costs `price` makes from each group's case count.
    private static func shardPlan(
        _ groups: [Group], count: Int, price: ([String: Int]) -> ShardCosts
    ) -> ShardPlan {
        let keyed = groups.map { (benchmark: $0.benchmark.id.description, size: $0.size) }
        var counts: [String: Int] = [:]
        for group in groups {
            counts[ShardCosts.key(group.benchmark.id.description, group.size)] =
                group.benchmark.configurations.filter { $0.runs(at: group.size) }.count
        }
        return ShardPlan(groups: keyed, count: count, costs: price(counts))
    }

    /// Every case, in run order.
    public var cases: [CaseKey] { groups.flatMap(\.cases) }
}
