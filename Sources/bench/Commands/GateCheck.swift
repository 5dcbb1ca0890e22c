import BenchKit
import Foundation

/// The gate as the commands use it: a loaded baseline and thresholds, applied to a
/// run's results, printed as a table and, on GitHub Actions, `::error` lines.
///
/// Shared by `bench compare` and `bench run --baseline`. Loading fails with a
/// ``ResultsFileError`` naming the file (exit 2).
struct GateCheck {
    /// The baseline's path, as given.
    let baselinePath: String
    /// The baseline.
    let baseline: RunResults
    /// The rules.
    let thresholds: GateThresholds
    /// Whether results made from other data may still be compared.
    let allowsDatasetChange: Bool
    /// The thresholds file's path, if one was given.
    let thresholdsPath: String?

    /// Reads the baseline (a file or a run directory) and the thresholds file, if any.
    /// - Throws: ``ResultsFileError`` for a missing, malformed or wrong-version file.
    init(baseline path: String, thresholds: String?, allowsDatasetChange: Bool) throws {
        try self.init(
            reference: RunResults.read(from: URL(fileURLWithPath: Self.resultsFile(path))),
            name: path, thresholds: thresholds, allowsDatasetChange: allowsDatasetChange)
    }

    /// Gates against `reference`, already in memory (`bench run --against`), named
    /// `name` in reports.
    /// - Throws: ``ResultsFileError`` for a malformed thresholds file.
    /// - Parameter defaults: The rules when no thresholds file is given.
    init(
        reference: RunResults, name: String, thresholds: String?, allowsDatasetChange: Bool,
        defaults: GateThresholds = GateThresholds()
    ) throws {
        baselinePath = name
        baseline = reference
        self.thresholds =
            try thresholds.map { try GateThresholds.read(from: URL(fileURLWithPath: $0)) }
            ?? defaults
        self.allowsDatasetChange = allowsDatasetChange
        thresholdsPath = thresholds
    }

    /// One warning line per rule of the thresholds file that names a metric or
    /// benchmark found in neither the baseline nor `results` (a likely misspelling).
    func warnings(for results: RunResults) -> [String] {
        guard let thresholdsPath else { return [] }
        return GateEvaluator(thresholds: thresholds).unmatchedRules(in: [baseline, results]).map {
            path in
            "warning: \(thresholdsPath): \(TerminalText.safe(path)) matches nothing in the "
                + "baseline or this run, so it applies to nothing: check its spelling"
        }
    }

    /// `path`, or `path/results.json` when `path` is a directory.
    static func resultsFile(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? "\(path)/results.json" : path
    }

    /// `results` with the comparison filled in.
    /// - Throws: ``ResultsFileError`` when datasets changed and that is not allowed.
    func apply(to results: RunResults) throws -> RunResults {
        let changes = Baseline.datasetChanges(baseline: baseline, current: results)
        if !changes.isEmpty && !allowsDatasetChange {
            throw ResultsFileError(
                path: baselinePath,
                reason: changes.joined(separator: "; ")
                    + " (regenerate the baseline, or pass --allow-dataset-change)")
        }
        var gated = results
        gated.comparison = GateEvaluator(thresholds: thresholds).compare(
            baseline: baseline, current: results, name: baselinePath)
        return gated
    }

    /// Prints `comparison`: a table with regressions first, their diffs, added and
    /// removed cases, totals; with `annotate`, one `::error` line per failing gate.
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
        for key in comparison.added ?? [] { console.out("added (not in baseline): \(key)") }
        for key in comparison.removed ?? [] { console.out("removed (only in baseline): \(key)") }
        let count = { (verdict: GateResult.Verdict) in
            comparison.gates.filter { $0.verdict == verdict }.count
        }
        console.out(
            "gates: \(comparison.regressions.count) failed, \(count(.regressed)) regressed, "
                + "\(count(.improved)) improved, \(count(.unchanged)) unchanged; "
                + "\(comparison.added?.count ?? 0) cases added, \(comparison.removed?.count ?? 0) removed"
        )
        guard annotate else { return }
        for gate in comparison.regressions {
            console.command(
                TerminalText.workflowCommand(
                    "error title=Benchmark regression",
                    "\(gate.key) \(gate.metric): \(gate.message)"))
        }
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
