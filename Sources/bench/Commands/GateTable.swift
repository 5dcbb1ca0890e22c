import BenchKit
import Foundation

/// How `bench` prints a gate: the verdict table with regressions first, their diffs,
/// added and removed cases, the findings that appeared or disappeared, totals; on
/// GitHub Actions, one `::error` line per failing gate; and the warnings about
/// thresholds rules that match nothing.
///
/// Shared by `bench compare` and `bench run --baseline`/`--against`.
enum GateTable {
    /// Prints `comparison` to `console`; with `annotate`, one `::error` line per failing
    /// gate.
    static func print(_ comparison: BaselineComparison, to console: Console, annotate: Bool) {
        let order: [GateResult.Verdict] = [.regressed, .improved, .unchanged]
        let sorted = comparison.gates.enumerated().sorted { a, b in
            (a.element.fails ? 0 : 1, order.firstIndex(of: a.element.verdict) ?? 0, a.offset)
                < (b.element.fails ? 0 : 1, order.firstIndex(of: b.element.verdict) ?? 0, b.offset)
        }.map(\.element)
        let rows = sorted.map { gate in
            [
                label(gate), gate.key.description, gate.metric,
                MetricGate.number(gate.baseline), MetricGate.number(gate.current),
                String(gate.message.prefix { $0 != "\n" }),
            ]
        }
        let header = ["verdict", "case", "metric", "baseline", "current", "why"]
        let widths = (0..<header.count).map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        for (index, row) in ([header] + rows).enumerated() {
            console.out(
                zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingTrailingSpaces)
            guard index > 0, sorted[index - 1].verdict != .unchanged else { continue }
            for line in sorted[index - 1].message.split(separator: "\n").dropFirst() {
                console.out("    \(line)")
            }
        }
        if let choice = comparison.baselineChoice { console.out(choice) }
        for change in comparison.environmentChanges ?? [] {
            console.out("baseline environment differs: \(change)")
        }
        if comparison.environmentChanges != nil {
            let spared = comparison.gates.filter {
                CounterEnvironment.toolchainCounters.contains($0.metric) && !$0.isGating
            }
            console.out(
                "allocations and instructions: reported, not gated (\(spared.count) gates); "
                    + "record a baseline in this environment, or pass --gate-across-environments")
        }
        for key in comparison.added ?? [] { console.out("added (not in baseline): \(key)") }
        for key in comparison.removed ?? [] { console.out("removed (only in baseline): \(key)") }
        for line in comparison.findings?.lines ?? [] { console.out(line) }
        let count = { (verdict: GateResult.Verdict) in
            comparison.gates.filter { $0.verdict == verdict }.count
        }
        console.out(
            "gates: \(comparison.regressions.count) failed, \(count(.regressed)) regressed, "
                + "\(count(.improved)) improved, \(count(.unchanged)) unchanged; "
                + "\(comparison.added?.count ?? 0) cases added, \(comparison.removed?.count ?? 0) removed"
                + findingCounts(comparison.findings)
        )
        guard annotate else { return }
        for gate in comparison.regressions {
            console.command(
                TerminalText.workflowCommand(
                    "error title=Benchmark regression",
                    "\(gate.key) \(gate.metric): \(gate.message)"))
        }
    }

    /// The warning for a thresholds rule at `path` of the file `thresholds` that names
    /// nothing in the baseline or the run.
    static func unmatchedRuleWarning(thresholds: String, path: String) -> String {
        "warning: \(thresholds): \(TerminalText.safe(path)) matches nothing in the "
            + "baseline or this run, so it applies to nothing: check its spelling"
    }

    /// Prints what a ``RunSession`` reports while gating.
    static func print(_ event: RunSessionEvent, to console: Console) {
        switch event {
        case .unmatchedRule(let thresholds, let path):
            console.err(unmatchedRuleWarning(thresholds: thresholds, path: path))
        case .rerunningSuspects(let count):
            console.err("re-measuring \(count) suspected time regressions once")
        }
    }

    /// `; findings: 1 appeared, 2 disappeared`, or nothing when none was compared.
    private static func findingCounts(_ diff: FindingsDiff?) -> String {
        guard let diff else { return "" }
        return "; findings: \(diff.appeared.count) appeared, \(diff.disappeared.count) disappeared"
    }

    private static func label(_ gate: GateResult) -> String {
        switch gate.verdict {
        case .regressed: gate.isGating ? "REGRESSED" : "regressed (report only)"
        case .improved: "improved"
        case .unchanged: "unchanged"
        }
    }

    /// Whether `::error` lines are wanted: `GITHUB_ACTIONS` is `true`.
    static var annotates: Bool {
        ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
    }
}

extension String {
    /// The string without trailing spaces.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
