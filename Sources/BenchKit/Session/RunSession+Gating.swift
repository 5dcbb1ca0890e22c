import Foundation

/// What a ``RunSession`` tells its caller while gating, for it to print.
public enum RunSessionEvent: Equatable, Sendable {
    /// A rule of the thresholds file at `thresholds` (its path in the file, such as
    /// `metrics.wallTme`) names nothing in the baseline or the run: likely misspelt.
    case unmatchedRule(thresholds: String, path: String)
    /// `count` cases whose wall time regressed are about to be measured once more.
    case rerunningSuspects(count: Int)
}

extension RunSession {
    /// `results` gated by `gate`; unchanged without a gate or when the run is partial.
    ///
    /// With ``RunRequest/rerunsSuspects``, the groups of cases whose wall time regressed
    /// run once more with `runner` (configurations interleaved as usual, no progress
    /// shown) and those cases' time gates hold only if the rerun regresses too; the
    /// others become unchanged, saying so.
    /// - Parameters:
    ///   - results: A run's results.
    ///   - gate: The baseline and rules, if the run is gated.
    ///   - runner: What reruns suspects.
    ///   - events: Receives the warnings and notices to print.
    /// - Throws: ``ResultsFileError`` when the datasets changed and that is not allowed.
    public func gated(
        _ results: RunResults, by gate: GateCheck?, rerunningWith runner: any PlanRunner,
        events: (RunSessionEvent) -> Void = { _ in }
    ) throws -> RunResults {
        guard let gate, !results.isPartial else { return results }
        for path in gate.unmatchedRules(in: results) {
            events(.unmatchedRule(thresholds: gate.thresholdsPath ?? "", path: path))
        }
        let first = try gate.apply(to: results)
        guard request.rerunsSuspects, let comparison = first.comparison else { return first }
        let suspects = Set(
            comparison.regressions.filter { $0.metric == Metric.wallTime.name }.map(\.key))
        guard !suspects.isEmpty else { return first }
        events(.rerunningSuspects(count: suspects.count))
        let recheck = try gate.apply(to: rerun(suspects, with: runner))
        let confirmed = Set((recheck.comparison?.regressions ?? []).map(\.id))
        var merged = first
        merged.comparison = comparison.confirming(suspects, only: confirmed)
        return merged
    }

    /// Runs the groups (benchmark and size) of `suspects` once more, in a stable order.
    private func rerun(_ suspects: Set<CaseKey>, with runner: any PlanRunner) -> RunResults {
        let groups = Set(suspects.map { SuspectGroup(benchmark: $0.benchmark, size: $0.size) })
        var outcome = RunOutcome(cases: [], datasets: [], wasInterrupted: false)
        let ordered = groups.sorted {
            ($0.benchmark.description, $0.size) < ($1.benchmark.description, $1.size)
        }
        for group in ordered {
            let plan = RunPlan(
                benchmarks: benchmarks.filter { $0.id == group.benchmark }, sizes: [group.size])
            let again = runner.run(plan, observer: nil)
            outcome.cases += again.cases
            outcome.datasets += again.datasets.filter { !outcome.datasets.contains($0) }
        }
        return results(of: outcome, started: Date())
    }
}

/// A benchmark at one size: what a rerun re-measures.
private struct SuspectGroup: Hashable {
    let benchmark: BenchmarkID
    let size: Int
}

extension GateResult {
    /// The case and metric, as a rerun matches them.
    fileprivate var id: String { "\(key) \(metric)" }
}

extension BaselineComparison {
    /// This comparison with the failing wall-time gates of `suspects` that are not in
    /// `confirmed` turned unchanged, their message saying so.
    fileprivate func confirming(_ suspects: Set<CaseKey>, only confirmed: Set<String>)
        -> BaselineComparison
    {
        BaselineComparison(
            baseline: baseline,
            gates: gates.map { gate in
                guard gate.fails, suspects.contains(gate.key), gate.metric == Metric.wallTime.name,
                    !confirmed.contains(gate.id)
                else { return gate }
                return GateResult(
                    key: gate.key, metric: gate.metric, baseline: gate.baseline,
                    current: gate.current, verdict: .unchanged,
                    message: gate.message + "\nnot confirmed when re-measured once")
            }, added: added, removed: removed, findings: findings)
    }
}
