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
    ///   - shard: Keeps every n-th group of the full plan; nil keeps all.
    public init(
        benchmarks: [Benchmark], filter: Glob? = nil, sizes: [Int]? = nil, shard: Shard? = nil
    ) {
        let selected = benchmarks.filter { filter?.matches($0.id.description) ?? true }
        let all = selected.flatMap { benchmark in
            (sizes ?? benchmark.sizes).sorted().map { Group(benchmark: benchmark, size: $0) }
        }
        groups = all.enumerated().filter { shard?.includes(position: $0.offset) ?? true }.map(
            \.element)
    }

    /// Every case, in run order.
    public var cases: [CaseKey] { groups.flatMap(\.cases) }
}
