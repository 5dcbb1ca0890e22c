import BenchKit

/// For a scenario with both floors, the minimal `raw` and `raw-same-sql` (the engine's
/// own statements run raw, docs/FLOOR.md), each engine configuration's ratio to the
/// minimal floor split in two:
/// - Core Data's SQL vs minimal SQL: `raw-same-sql / raw`, what the statement shape
///   costs (wider rows, more statements, key reservation);
/// - engine vs its own SQL: `engine / raw-same-sql`, what the engine costs above it.
///
/// The product of the two is the whole ratio. Each ratio is a ratio of medians with its
/// bootstrap 95% interval (``Bootstrap/ratioOfMedians(_:_:seed:resamples:)``, the one
/// the verdicts use), on instructions when the cases counted them (`--instructions`),
/// on wall time otherwise, at every size where the three cases passed. A configuration
/// whose statement count differs from the same-SQL floor's is flagged: the second ratio
/// then compares different statements.
///
/// Cost: three bootstraps per engine configuration and size.
struct FloorSplit {
    /// A ratio and its interval.
    struct Ratio {
        let value: Double
        let interval: Interval

        /// `1.99x (1.97-2.01x)`.
        var text: String {
            "\(ValueFormat.ratio(value)) (\(ValueFormat.significant(interval.low))-"
                + "\(ValueFormat.ratio(interval.high)))"
        }
    }

    /// One engine configuration at one size.
    struct Row {
        let scenario: BenchmarkID
        let configuration: String
        let size: Int
        /// The metric the ratios are of: `instructions` or `wallTime`.
        let metric: Metric
        /// engine / raw.
        let whole: Ratio
        /// raw-same-sql / raw.
        let shape: Ratio
        /// engine / raw-same-sql.
        let engine: Ratio
        /// The engine configuration's and the same-SQL floor's statement counts when
        /// both were traced and differ.
        let differentStatements: (engine: Int, floor: Int)?

        /// The note for the statements column: empty when the counts agree or are not
        /// known.
        var statementsNote: String {
            guard let counts = differentStatements else { return "" }
            return "differs: \(ValueFormat.count(Double(counts.engine))) vs "
                + ValueFormat.count(Double(counts.floor))
        }
    }

    /// The rows of every scenario of `results` that has both floors, in run order.
    static func rows(of results: RunResults) -> [Row] {
        ScenarioView.suites(of: results).flatMap { _, scenarios in
            scenarios.flatMap { rows($0, seed: results.settings.seed) }
        }
    }

    /// The rows of `scenario`; none when it lacks either floor.
    static func rows(_ scenario: ScenarioView, seed: UInt64) -> [Row] {
        let same = BenchmarkConfiguration.sameSQLFloorName
        guard let minimal = scenario.floor, minimal != same,
            scenario.configurations.contains(same)
        else { return [] }
        let engines = scenario.configurations.filter { name in
            name != minimal && name != same
                && scenario.cases.contains {
                    $0.key.configuration == name && $0.configurationKind != .raw
                }
        }
        return scenario.sizes.flatMap { size in
            engines.compactMap { row(scenario, $0, minimal, same, size, seed) }
        }
    }

    private static func row(
        _ scenario: ScenarioView, _ configuration: String, _ minimal: String, _ same: String,
        _ size: Int, _ seed: UInt64
    ) -> Row? {
        let cases = [configuration, minimal, same].map { scenario.result($0, size) }
        guard cases.allSatisfy({ $0?.status == .passed }) else { return nil }
        let passed = cases.compactMap { $0 }
        // Instructions when every case counted them, else wall time.
        guard
            let (metric, samples) = [Metric.instructions, .wallTime].lazy.compactMap({
                metric -> (Metric, [[Double]])? in
                let samples = passed.compactMap { $0.metric(metric)?.samples }
                    .filter { !$0.isEmpty }
                return samples.count == passed.count ? (metric, samples) : nil
            }).first
        else { return nil }
        guard let whole = ratio(samples[0], samples[1], seed),
            let shape = ratio(samples[2], samples[1], seed),
            let engine = ratio(samples[0], samples[2], seed)
        else { return nil }
        var different: (Int, Int)?
        if let mine = passed[0].sqlTrace?.statementCount,
            let floor = passed[2].sqlTrace?.statementCount, mine != floor
        {
            different = (mine, floor)
        }
        return Row(
            scenario: scenario.benchmark, configuration: configuration, size: size,
            metric: metric, whole: whole, shape: shape, engine: engine,
            differentStatements: different)
    }

    private static func ratio(_ numerator: [Double], _ denominator: [Double], _ seed: UInt64)
        -> Ratio?
    {
        Bootstrap.ratioOfMedians(numerator, denominator, seed: seed).map {
            Ratio(value: $0.ratio, interval: $0.interval)
        }
    }

    /// What the section says above its table.
    static let explanation =
        "For scenarios with both floors: raw (the least SQL that answers the question) and "
        + "raw-same-sql (the engine's own statements, same text, binds and count, run raw "
        + "and decoded into the same values). Each engine configuration's ratio to raw is "
        + "split into Core Data's SQL vs minimal SQL (raw-same-sql / raw) and engine vs its "
        + "own SQL (engine / raw-same-sql); the two multiply to the whole. Ratios of medians "
        + "with their 95% bootstrap intervals, in instructions when counted, else wall time. "
        + "Statements: same when the engine configuration ran as many statements as "
        + "raw-same-sql; differs: its count vs the floor's, when the second ratio compares "
        + "different statements."
}
