import DurableFiles
import Foundation

/// The thresholds file: default rules, rules per kind of metric, per metric, and per
/// benchmark and metric, each layer overriding the one before (docs/GATES.md).
///
/// ```json
/// { "defaults": { "threshold": 0.10, "confidence": 0.95 },
///   "noisy": { "gate": false },
///   "metrics": { "wallTime": { "gate": false }, "allocations": { "tolerance": 0.02 } },
///   "benchmarks": { "selftest/sort": { "wallTime": { "threshold": 0.25 } } } }
/// ```
/// Cost: the rules.
public struct GateThresholds: Hashable, Sendable, Codable {
    /// Applies to every metric.
    public var defaults: GateRule?
    /// Applies to counters, after the defaults.
    public var counters: GateRule?
    /// Applies to noisy metrics, after the defaults.
    public var noisy: GateRule?
    /// By metric name (`wallTime`, `sql.statements`, `sql.select`, `checksum`).
    public var metrics: [String: GateRule]?
    /// By benchmark ID (`suite/scenario`), then metric name.
    public var benchmarks: [String: [String: GateRule]]?

    /// Makes thresholds; all nil means the built-in rules.
    public init(
        defaults: GateRule? = nil, counters: GateRule? = nil, noisy: GateRule? = nil,
        metrics: [String: GateRule]? = nil, benchmarks: [String: [String: GateRule]]? = nil
    ) {
        self.defaults = defaults
        self.counters = counters
        self.noisy = noisy
        self.metrics = metrics
        self.benchmarks = benchmarks
    }

    /// Decodes a thresholds file's object.
    /// - Throws: `DecodingError` for a key this type does not know (a misspelt layer
    ///   would otherwise be a rule silently ignored) or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        try KnownKeys.check(
            decoder, allowed: CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        defaults = try container.decodeIfPresent(GateRule.self, forKey: .defaults)
        counters = try container.decodeIfPresent(GateRule.self, forKey: .counters)
        noisy = try container.decodeIfPresent(GateRule.self, forKey: .noisy)
        metrics = try container.decodeIfPresent([String: GateRule].self, forKey: .metrics)
        benchmarks = try container.decodeIfPresent(
            [String: [String: GateRule]].self, forKey: .benchmarks)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case defaults, counters, noisy, metrics, benchmarks
    }

    /// Built-in rule for `metric`: counts are exact counters (allocations within 2%,
    /// instructions within 1%), times and bytes noisy with a 10% threshold at 95%
    /// confidence, all gating.
    static func builtIn(for metric: Metric) -> GateRule {
        let isCount = metric.unit == .count
        return GateRule(
            kind: isCount ? .counter : .noisy, gate: true, threshold: 0.10,
            tolerance: builtInTolerance[metric.name] ?? 0,
            floor: metric.unit == .nanoseconds ? 1_000 : 0, direction: metric.direction,
            confidence: 0.95)
    }

    /// Counters that move a little without a code change: allocator internals between
    /// toolchains, instruction counts with the worker's thread interleaving.
    private static let builtInTolerance = [
        Metric.allocations.name: 0.02, Metric.instructions.name: 0.01,
    ]

    /// The rule for `metric` in `benchmark`: built-in, then defaults, the kind's layer,
    /// the metric's, the benchmark's. The kind is settled before the kind's layer applies.
    public func rule(for metric: Metric, in benchmark: BenchmarkID) -> ResolvedGateRule {
        let specific = (metrics?[metric.name] ?? GateRule())
            .overlaid(by: benchmarks?[benchmark.description]?[metric.name])
        let base = Self.builtIn(for: metric).overlaid(by: defaults)
        let kind = specific.kind ?? base.kind ?? .noisy
        let rule = base.overlaid(by: kind == .counter ? counters : noisy).overlaid(by: specific)
        return ResolvedGateRule(
            kind: rule.kind ?? .noisy, gate: rule.gate ?? true, threshold: rule.threshold ?? 0.10,
            tolerance: rule.tolerance ?? 0, floor: rule.floor ?? 0,
            direction: rule.direction ?? metric.direction, confidence: rule.confidence ?? 0.95)
    }

    /// Reads a thresholds file.
    /// - Throws: ``ResultsFileError`` naming the file and the JSON path of a bad value
    ///   (or the line and column of bad syntax).
    public static func read(from url: URL) throws -> GateThresholds {
        try JSONFile.read(GateThresholds.self, from: url, decoder: JSONDecoder())
    }
}

extension Metric {
    /// Counters that count a cache's or a log's state rather than the code's work, so
    /// they move between runs of the same build: SQLite's page-cache counters
    /// (`sqlite.cache-hits`, `-misses`, `-writes`, `-spills`), its checkpoints and
    /// checkpointed frames, and file syncs (`materialize/n-plus-one [engine]` hit the
    /// cache 34,580 and 34,596 times in two runs of one commit). The CI gate reports
    /// them without gating (`ci-thresholds.json`), and exports never mark them exact.
    public static let varyingCounters: Set<String> = [
        "sqlite.cache-hits", "sqlite.cache-misses", "sqlite.cache-writes",
        "sqlite.cache-spills", "sqlite.checkpoints", "sqlite.checkpointed-frames",
        "sqlite.syncs",
    ]

    /// Whether the built-in gate compares this metric exactly: a count with no
    /// tolerance (statements, rows, faults, steps; not allocations or instructions,
    /// which move a little without a code change) that is not one of
    /// ``varyingCounters``. Exports mark such metrics exact (Go benchfmt's
    /// `assume=exact`).
    public var isExactCounter: Bool {
        isExactCounter(under: GateThresholds())
    }

    /// Whether `thresholds` gate this metric exactly in every benchmark: a count, not
    /// one of ``varyingCounters``, whose rule is a gating counter rule with no
    /// tolerance and no floor (a report-only rule, `"gate": false`, is not exact).
    /// - Parameter benchmarks: The benchmarks whose rules must all agree; none judges
    ///   the metric's own rule only.
    public func isExactCounter(under thresholds: GateThresholds, in benchmarks: [BenchmarkID] = [])
        -> Bool
    {
        guard unit == .count, !Self.varyingCounters.contains(name) else { return false }
        let probes = benchmarks.isEmpty ? [BenchmarkID(suite: "any", scenario: "any")] : benchmarks
        return probes.allSatisfy { benchmark in
            let rule = thresholds.rule(for: self, in: benchmark)
            return rule.kind == .counter && rule.gate && rule.tolerance == 0 && rule.floor == 0
        }
    }
}
