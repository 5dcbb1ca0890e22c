/// A named group of scenarios, such as `faulting`, run at the sizes the suite declares.
///
/// The suite writes its name and default sizes once; each ``BenchmarkScenario`` becomes
/// a ``Benchmark`` with the ID `name/scenario` and those sizes (`--sizes` replaces them
/// for a run). `bench run` without `--suite` runs the suites marked ``isDefault``; the
/// others run only when named.
///
/// ```swift
/// static let suite = BenchmarkSuite(
///     name: "faulting", summary: "Faults vs eager values vs prefetching a to-one",
///     sizes: [10_000], scenarios: [postsWithAuthor])
/// ```
///
/// Cost: data only.
public struct BenchmarkSuite: Sendable {
    /// The suite's name; every benchmark ID in it starts with this.
    public let name: String
    /// One line for `bench list`.
    public let summary: String
    /// Whether `bench run` with no `--suite` includes it.
    public let isDefault: Bool
    /// The default sizes of every benchmark in the suite.
    public let sizes: [Int]
    /// The benchmarks, one per scenario, in the order they run.
    public let benchmarks: [Benchmark]

    /// Makes a suite.
    /// - Parameters:
    ///   - name: The stable suite name; no `/`.
    ///   - summary: One line for `bench list`.
    ///   - isDefault: Whether `bench run` with no `--suite` includes it.
    ///   - sizes: Default sizes of every scenario, each at least 1.
    ///   - scenarios: The scenarios, names unique.
    public init(
        name: String, summary: String, isDefault: Bool = true, sizes: [Int],
        scenarios: [BenchmarkScenario]
    ) {
        precondition(!sizes.isEmpty && sizes.allSatisfy { $0 >= 1 }, "\(name) needs sizes >= 1")
        precondition(
            Set(scenarios.map(\.name)).count == scenarios.count,
            "suite \(name) has duplicate scenario names")
        self.name = name
        self.summary = summary
        self.isDefault = isDefault
        self.sizes = sizes
        benchmarks = scenarios.map { Benchmark(suite: name, sizes: sizes, scenario: $0) }
    }
}
