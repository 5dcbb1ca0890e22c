import BenchKit

/// Plain-words verdicts computed from a scenario's numbers, one per configuration.
///
/// Compares each configuration with the reference (the first) at the largest size both
/// passed: `allocating: 2.6x slower than in-place at 100k (95% CI 2.3-2.8x)`. When the
/// cases carry SQL traces the statement counts lead: `prefetch: 2 statements instead of
/// 1,001, 38x faster at 100k (95% CI 35-41x)`. An interval that contains 1 says so.
/// Cost: a lookup per configuration.
struct Verdict {
    let scenario: ScenarioView
    let analysis: RunAnalysis

    /// One sentence per non-reference configuration that has a ratio.
    var sentences: [String] {
        guard let reference = scenario.configurations.first else { return [] }
        return scenario.configurations.dropFirst().compactMap { sentence($0, reference) }
    }

    private func sentence(_ configuration: String, _ reference: String) -> String? {
        let ratios = analysis.ratios.filter {
            $0.benchmark == scenario.benchmark && $0.configuration == configuration
                && $0.metric == Metric.wallTime.name
        }
        guard let ratio = ratios.max(by: { $0.size < $1.size }) else { return nil }
        let statements = statementClause(configuration, reference, ratio.size)
        return "\(configuration): "
            + [statements, Self.speed(ratio)].compactMap { $0 }
            .joined(separator: ", ") + " (95% CI \(Self.interval(ratio)))"
    }

    /// `2.6x slower than in-place at 10k`, `38x faster than faults at 100k`, or
    /// `0.97x the time of raw at 10k, no clear difference` when the interval holds 1.
    static func speed(_ ratio: MedianRatio) -> String {
        let size = SizeFormat.short(ratio.size)
        if ratio.interval.contains(1) {
            return "\(ValueFormat.ratio(ratio.ratio)) the time of \(ratio.reference) at \(size), "
                + "no clear difference"
        }
        return ratio.ratio > 1
            ? "\(ValueFormat.ratio(ratio.ratio)) slower than \(ratio.reference) at \(size)"
            : "\(ValueFormat.ratio(1 / ratio.ratio)) faster than \(ratio.reference) at \(size)"
    }

    /// The interval in the direction the sentence reads: `2.3-2.8x`.
    static func interval(_ ratio: MedianRatio) -> String {
        let (low, high) =
            ratio.ratio > 1 || ratio.interval.contains(1)
            ? (ratio.interval.low, ratio.interval.high)
            : (1 / ratio.interval.high, 1 / ratio.interval.low)
        return "\(ValueFormat.significant(low))-\(ValueFormat.ratio(high))"
    }

    private func statementClause(_ configuration: String, _ reference: String, _ size: Int)
        -> String?
    {
        guard let mine = scenario.result(configuration, size)?.sqlTrace?.statementCount,
            let theirs = scenario.result(reference, size)?.sqlTrace?.statementCount,
            mine != theirs
        else { return nil }
        let noun = mine == 1 ? "statement" : "statements"
        return "\(ValueFormat.count(Double(mine))) \(noun) instead of "
            + ValueFormat.count(Double(theirs))
    }
}
