import Foundation

/// Makes and checks baselines: results files stripped to what a gate needs.
///
/// A baseline is a `results.json` (same schema, so every reader accepts it) whose
/// metrics keep their summary statistics but not their raw samples, unless asked;
/// counters, checksums, SQL traces, projection audits (so the findings made from them
/// are compared, not reported as new on every run), environment and dataset hashes stay.
/// Cost: a copy of the results without samples.
public enum Baseline {
    /// `results` with raw samples dropped unless `keepSamples`, and no comparison.
    public static func make(from results: RunResults, keepSamples: Bool) -> RunResults {
        var baseline = results
        baseline.comparison = nil
        baseline.cases = results.cases.map { result in
            let copy = CaseResult(
                key: result.key, status: result.status, checksum: result.checksum,
                iterations: result.iterations,
                metrics: result.metrics.map { metric in
                    MetricResult(
                        metric: metric.metric, samples: keepSamples ? metric.samples : [],
                        summary: metric.summary)
                }, errors: result.errors, sqlTrace: result.sqlTrace
            ).recording(projections: result.projections)
            return result.configurationKind.map {
                copy.recording(kind: $0, demonstrates: result.demonstrates ?? [])
            } ?? copy
        }
        return baseline
    }

    /// Why `current` cannot be compared with `baseline`: datasets of the same name and
    /// size whose content hashes differ, one line each; empty when compatible.
    public static func datasetChanges(baseline: RunResults, current: RunResults) -> [String] {
        let old = Dictionary(baseline.datasets.map { ("\($0.name) \($0.size)", $0) }) { a, _ in a }
        return current.datasets.compactMap { dataset in
            guard let before = old["\(dataset.name) \(dataset.size)"],
                before.contentHash != dataset.contentHash || before.seed != dataset.seed
            else { return nil }
            return "dataset \(dataset.name) at \(dataset.size): content hash "
                + "\(before.contentHash) (seed \(before.seed)) in the baseline, "
                + "\(dataset.contentHash) (seed \(dataset.seed)) now"
        }
    }
}
