import BenchKit
import Foundation

/// The text `bench run` and `bench merge` print at the end: one line per case with
/// its key numbers, wall-time ratios, which configuration to use per scenario, the
/// top findings, then mismatches, failures and where the report is.
struct RunSummary {
    let results: RunResults

    /// Prints the summary to standard output (problems to standard error).
    func print(to console: Console, directory: URL) {
        for result in results.cases {
            console.out(line(for: result))
        }
        for ratio in results.analysis.ratios where ratio.metric == Metric.wallTime.name {
            console.out(comparison(ratio))
        }
        let verdicts = ScenarioVerdict.verdicts(of: results)
        if !verdicts.isEmpty { console.out("Which configuration to use:") }
        for verdict in verdicts {
            console.out("  \(verdict.scenario): \(verdict.headline)")
        }
        printFindings(to: console)
        for mismatch in results.checksumMismatches {
            console.err("FAILED: \(mismatch)")
        }
        for result in results.cases where result.status == .failed {
            console.err("FAILED: \(result.key): \(result.errors.joined(separator: "; "))")
        }
        for result in results.cases where result.status == .skipped {
            console.out(
                "skipped: \(result.key): "
                    + TerminalText.safe(result.errors.joined(separator: "; ")))
        }
        for line in results.leftOut ?? [] {
            console.out("left out: \(TerminalText.safe(line))")
        }
        if results.isPartial {
            let cause = results.interruption.map { " (stopped by \($0))" } ?? ""
            console.err("partial results\(cause): not every case ran")
        }
        let page = directory.appendingPathComponent("index.html").path
        let hint = FileManager.default.fileExists(atPath: page) ? " (open index.html)" : ""
        console.out("report: \(directory.path)\(hint)")
    }

    /// The costliest 5 finding patterns (``FindingGroup``), one line each with where
    /// else each was seen, then how many more and how many expected.
    private func printFindings(to console: Console) {
        let groups = FindingGroup.grouping(RunFindings.findings(in: results))
        let alarms = groups.filter { !$0.isExpected }
        for group in alarms.prefix(5) {
            let finding = group.lead
            let also = group.members.count > 1 ? " (seen in \(group.seenIn))" : ""
            console.out(
                "finding (\(finding.kind.rawValue)): \(finding.location): \(finding.title) "
                    + "Fix: \(finding.fix.summary)\(also)")
        }
        let rest = alarms.count - min(alarms.count, 5)
        let expected = groups.count - alarms.count
        if rest > 0 || expected > 0 {
            console.out(
                "\(rest) more finding patterns and \(expected) expected (declared "
                    + "demonstrations) in index.html and findings.json")
        }
    }

    /// `selftest/sort 10k: allocating takes 2.19x the wallTime of in-place (95% CI 2.05-2.31)`.
    private func comparison(_ ratio: MedianRatio) -> String {
        let interval = String(format: "%.2f-%.2f", ratio.interval.low, ratio.interval.high)
        return "\(ratio.benchmark) \(SizeFormat.short(ratio.size)): \(ratio.configuration) takes "
            + String(format: "%.2fx", ratio.ratio)
            + " the \(ratio.metric) of \(ratio.reference) (95% CI \(interval))"
    }

    private func line(for result: CaseResult) -> String {
        let shown: [Metric] = [.wallTime, .allocations, .peakResidentMemory]
        let numbers = shown.compactMap { metric -> String? in
            guard let measured = result.metric(metric) else { return nil }
            return "\(metric.name) \(Formatting.value(measured.summary.median, unit: metric.unit))"
        }
        return "\(result.key)  \(result.status.rawValue)  " + numbers.joined(separator: "  ")
    }
}
