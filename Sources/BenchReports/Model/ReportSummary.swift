import BenchKit

/// The findings of a run in a few sentences: what ran, what failed, N+1 patterns,
/// regressions and the largest time difference, for the top of every report.
///
/// Cost: one pass over the cases and the analysis; runs the N+1 detector once.
struct ReportSummary {
    let results: RunResults
    /// The N+1 findings of the run.
    let findings: [NPlusOneFinding]

    /// Summarizes `results`, detecting N+1 patterns with the default threshold.
    init(results: RunResults) {
        self.results = results
        findings = NPlusOneDetector().findings(in: results.cases)
    }

    /// The paragraph.
    var sentences: [String] {
        [outcome, nPlusOne, regressions, largestGap].compactMap { $0 }
    }

    private var outcome: String {
        let benchmarks = Set(results.cases.map(\.key.benchmark)).count
        let failed = results.cases.filter { $0.status == .failed }.count
        let mismatches = results.checksumMismatches.count
        var text =
            "\(benchmarks) \(benchmarks == 1 ? "benchmark" : "benchmarks"), "
            + "\(results.cases.count) cases (\(results.settings.profile.rawValue) profile): "
        text +=
            failed == 0 && mismatches == 0
            ? "none failed and every configuration returned the same checksum."
            : "\(failed) failed, \(mismatches) checksum \(mismatches == 1 ? "mismatch" : "mismatches")."
        let skipped = results.cases.filter { $0.status == .skipped }.count
        if skipped > 0 {
            text +=
                " \(skipped) \(skipped == 1 ? "case was" : "cases were") skipped above "
                + "\(skipped == 1 ? "its" : "their") configuration's size limit."
        }
        guard results.isPartial else { return text }
        let cause = results.interruption.map { " (stopped by \($0))" } ?? ""
        return text + " The run is partial\(cause): not every case ran."
    }

    private var nPlusOne: String? {
        guard let top = findings.first else {
            let traced = results.cases.contains { $0.sqlTrace != nil }
            return traced ? "No N+1 pattern in the SQL traces." : nil
        }
        let what = top.relationship.map { " (\($0))" } ?? ""
        return "\(findings.count) N+1 \(findings.count == 1 ? "finding" : "findings"); the worst: "
            + "\(top.key) runs one statement \(ValueFormat.count(Double(top.count))) times\(what)."
    }

    private var regressions: String? {
        guard let comparison = results.comparison else { return nil }
        let count = comparison.regressions.count
        return count == 0
            ? "No regression against \(comparison.baseline)."
            : "\(count) \(count == 1 ? "regression" : "regressions") against \(comparison.baseline)."
    }

    private var largestGap: String? {
        let time = results.analysis.ratios.filter {
            $0.metric == Metric.wallTime.name && !$0.interval.contains(1)
        }
        guard
            let widest = time.max(by: {
                max($0.ratio, 1 / $0.ratio) < max($1.ratio, 1 / $1.ratio)
            })
        else { return nil }
        return "Largest time difference: \(widest.benchmark) \(widest.configuration) is "
            + "\(Verdict.speed(widest))."
    }
}
