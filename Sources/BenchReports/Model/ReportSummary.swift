import BenchKit

/// The findings of a run in a few sentences: what ran, what failed, the measured
/// findings, regressions and the largest time difference, for the top of every report.
///
/// Cost: one pass over the cases and the analysis; makes the findings once
/// (``RunFindings``).
struct ReportSummary {
    let results: RunResults
    /// The findings of the run, ranked.
    let findings: [Finding]

    /// Summarizes `results`.
    init(results: RunResults) {
        self.results = results
        findings = RunFindings.findings(in: results)
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
        let groups = FindingGroup.grouping(findings)
        let alarms = groups.filter { !$0.isExpected }
        let expected = groups.count - alarms.count
        let shown =
            expected == 0
            ? ""
            : " (\(expected) more in configurations built to show \(expected == 1 ? "it" : "them"))"
        guard let top = alarms.first else {
            let traced = results.cases.contains { $0.sqlTrace != nil }
            guard traced else { return nil }
            return "No finding in the SQL traces\(shown)."
        }
        return "\(alarms.count) \(alarms.count == 1 ? "finding" : "findings")\(shown); "
            + "the costliest: \(top.lead.location.scenario ?? "?"): \(top.lead.title)"
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
