/// A named group of benchmarks, such as `selftest` or `fetching`.
///
/// `bench run` without `--suite` runs the suites marked ``isDefault``; the others run
/// only when named. Cost: data only.
public struct BenchmarkSuite: Sendable {
    /// The suite's name; every benchmark ID in it starts with this.
    public let name: String
    /// One line for `bench list`.
    public let summary: String
    /// Whether `bench run` with no `--suite` includes it.
    public let isDefault: Bool
    /// The benchmarks, in the order they run.
    public let benchmarks: [Benchmark]

    /// Makes a suite; every benchmark's ID must use `name` as its suite.
    public init(name: String, summary: String, isDefault: Bool = true, benchmarks: [Benchmark]) {
        precondition(
            benchmarks.allSatisfy { $0.id.suite == name },
            "every benchmark in suite \(name) must have an ID starting with \(name)/")
        self.name = name
        self.summary = summary
        self.isDefault = isDefault
        self.benchmarks = benchmarks
    }
}
