import BenchKit

/// One benchmark's cases arranged for reporting: configurations in run order (the
/// first is the reference), sizes ascending.
///
/// Cost: a dictionary of the benchmark's cases.
struct ScenarioView {
    /// The benchmark.
    let benchmark: BenchmarkID
    /// Configuration names in run order.
    let configurations: [String]
    /// Sizes, ascending.
    let sizes: [Int]
    /// Every case of the benchmark, passed or not.
    let cases: [CaseResult]
    private let byKey: [CaseKey: CaseResult]

    /// Arranges `cases`, which must all belong to `benchmark`.
    init(benchmark: BenchmarkID, cases: [CaseResult]) {
        self.benchmark = benchmark
        self.cases = cases
        var names: [String] = []
        for result in cases where !names.contains(result.key.configuration) {
            names.append(result.key.configuration)
        }
        configurations = names
        sizes = Array(Set(cases.map(\.key.size))).sorted()
        byKey = Dictionary(cases.map { ($0.key, $0) }) { first, _ in first }
    }

    /// The case of `configuration` at `size`, if it ran.
    func result(_ configuration: String, _ size: Int) -> CaseResult? {
        byKey[CaseKey(benchmark: benchmark, configuration: configuration, size: size)]
    }

    /// The summary of `metric` for a passed case, if measured.
    func summary(_ metric: String, _ configuration: String, _ size: Int) -> Summary? {
        guard let result = result(configuration, size), result.status == .passed else {
            return nil
        }
        return result.metric(named: metric)?.summary
    }

    /// Metrics measured in any case, in first-seen order.
    var metrics: [Metric] {
        var seen: [Metric] = []
        for result in cases {
            for metric in result.metrics.map(\.metric) where !seen.contains(metric) {
                seen.append(metric)
            }
        }
        return seen
    }

    /// The floor configuration the others are measured against: the one whose cases say
    /// they are of kind `raw`. Results written before kinds were recorded carry none;
    /// for them the configuration named `raw`, which every such floor was called.
    var floor: String? {
        if let recorded = cases.first(where: { $0.configurationKind == .raw }) {
            return recorded.key.configuration
        }
        guard cases.allSatisfy({ $0.configurationKind == nil }) else { return nil }
        return configurations.contains("raw") ? "raw" : nil
    }

    /// Whether any case carries an SQL trace.
    var hasSQL: Bool { cases.contains { $0.sqlTrace != nil } }

    /// The scenarios of `results`, grouped by suite, in run order.
    static func suites(of results: RunResults) -> [(suite: String, scenarios: [ScenarioView])] {
        var order: [BenchmarkID] = []
        for result in results.cases where !order.contains(result.key.benchmark) {
            order.append(result.key.benchmark)
        }
        let byBenchmark = Dictionary(grouping: results.cases, by: \.key.benchmark)
        let scenarios = order.map { ScenarioView(benchmark: $0, cases: byBenchmark[$0]!) }
        var suites: [String] = []
        for scenario in scenarios where !suites.contains(scenario.benchmark.suite) {
            suites.append(scenario.benchmark.suite)
        }
        return suites.map { suite in
            (suite, scenarios.filter { $0.benchmark.suite == suite })
        }
    }
}
