/// Compares a run with a baseline: matches cases by benchmark ID, configuration and
/// size, and judges every metric both measured, the counters derived from their SQL
/// traces, and the checksum.
///
/// Failing counter gates on SQL metrics carry the ``TraceDiff`` of the case in their
/// message. The statement gate (`sql.fingerprints`) and the plan gate (`sql.plans`)
/// judge the ``PlanChange``s between the two traces. Cost: one ``MetricGate`` judgment
/// per metric of each matched case, one pass over each trace.
public struct GateEvaluator: Sendable {
    /// The rules.
    public let thresholds: GateThresholds
    /// Whether ``CounterEnvironment/toolchainCounters`` gate against a baseline from
    /// another environment (`--gate-across-environments`); by default they are
    /// reported, not gated, and the comparison says why.
    public let gatesAcrossEnvironments: Bool

    /// Makes an evaluator.
    public init(
        thresholds: GateThresholds = GateThresholds(), gatesAcrossEnvironments: Bool = false
    ) {
        self.thresholds = thresholds
        self.gatesAcrossEnvironments = gatesAcrossEnvironments
    }

    /// Compares `current` with `baseline`, which is named `name` in reports.
    public func compare(baseline: RunResults, current: RunResults, name: String)
        -> BaselineComparison
    {
        let old = Dictionary(baseline.cases.map { ($0.key, $0) }) { first, _ in first }
        let new = Dictionary(current.cases.map { ($0.key, $0) }) { first, _ in first }
        let changes = CounterEnvironment(current.environment).differences(
            fromBaseline: CounterEnvironment(baseline.environment))
        let matched = current.cases.compactMap { result in
            old[result.key].map { caseGates(baseline: $0, current: result) }
        }
        var comparison = BaselineComparison(
            baseline: name,
            gates: matched.flatMap { $0 }.map { sparingToolchainCounters($0, changes) },
            added: current.cases.map(\.key).filter { old[$0] == nil },
            removed: baseline.cases.map(\.key).filter { new[$0] == nil },
            findings: FindingsDiff(baseline: baseline, current: current))
        comparison.environmentChanges = changes.isEmpty ? nil : changes
        return comparison
    }

    /// `gate` reported but not gating when it is a toolchain counter and the
    /// environments differ (unless gating across environments was asked for).
    private func sparingToolchainCounters(_ gate: GateResult, _ changes: [String]) -> GateResult {
        guard !changes.isEmpty, !gatesAcrossEnvironments, gate.isGating,
            CounterEnvironment.toolchainCounters.contains(gate.metric)
        else { return gate }
        return GateResult(
            key: gate.key, metric: gate.metric, baseline: gate.baseline, current: gate.current,
            verdict: gate.verdict,
            message: gate.message + " (not gated: the baseline is from another environment: "
                + changes.joined(separator: "; ") + ")",
            isGating: false)
    }

    /// The gates of one case present in both runs.
    func caseGates(baseline: CaseResult, current: CaseResult) -> [GateResult] {
        var results: [GateResult] = []
        let key = current.key
        for metric in current.metrics {
            guard let before = baseline.metric(named: metric.metric.name) else { continue }
            let rule = thresholds.rule(for: metric.metric, in: key.benchmark)
            let (verdict, text) = MetricGate.judge(baseline: before, current: metric, rule: rule)
            results.append(
                GateResult(
                    key: key, metric: metric.metric.name, baseline: before.summary.median,
                    current: metric.summary.median, verdict: verdict,
                    message: explain(text, verdict, metric.metric.name, baseline, current),
                    isGating: rule.gate))
        }
        if let before = baseline.sqlTrace, let after = current.sqlTrace {
            results += traceGates(key, before, after, baseline, current)
            results += planGates(key, before, after)
        }
        if let before = baseline.checksum, let after = current.checksum {
            let rule = thresholds.rule(for: Self.checksum, in: key.benchmark)
            results.append(
                GateResult(
                    key: key, metric: Self.checksum.name, baseline: 0, current: 0,
                    verdict: before == after ? .unchanged : .regressed,
                    message: "checksum \(before) → \(after)", isGating: rule.gate))
        }
        return results
    }

    /// JSON paths of threshold rules that name a metric or benchmark gated in neither
    /// of `runs` (`metrics.wallTme`, `benchmarks.faulting/objcts`): most likely
    /// misspelt, since such a rule can never apply. Metrics are the cases' own, the
    /// trace counters, `checksum`, `sql.fingerprints` and `sql.plans`. Cost: one pass
    /// over the runs' cases and their traces.
    public func unmatchedRules(in runs: [RunResults]) -> [String] {
        let cases = runs.flatMap(\.cases)
        var metricNames = Set(cases.flatMap { $0.metrics.map(\.metric.name) })
        metricNames.formUnion([Self.checksum.name, Self.fingerprints.name, Self.plans.name])
        for trace in cases.compactMap(\.sqlTrace) {
            metricNames.formUnion(TraceDiff.counters(of: trace).keys)
        }
        let benchmarkNames = Set(cases.map(\.key.benchmark.description))
        var unmatched = (thresholds.metrics ?? [:]).keys.filter { !metricNames.contains($0) }
            .map { "metrics.\($0)" }
        for (benchmark, rules) in thresholds.benchmarks ?? [:] {
            guard benchmarkNames.contains(benchmark) else {
                unmatched.append("benchmarks.\(benchmark)")
                continue
            }
            unmatched += rules.keys.filter { !metricNames.contains($0) }
                .map { "benchmarks.\(benchmark).\($0)" }
        }
        return unmatched.sorted()
    }

    /// The pseudo-metric of a case's checksum: any change is a regression.
    public static let checksum = Metric(name: "checksum", unit: .count)
    /// The statement gate: distinct fingerprints; one that appears or disappears fails.
    public static let fingerprints = Metric(name: "sql.fingerprints", unit: .count)
    /// The plan gate: plan regressions (a new full scan, a new temporary B-tree, a
    /// lost index); any fails, and a plan that only lost scans or sorts improved.
    public static let plans = Metric(name: "sql.plans", unit: .count)

    /// The statement and plan gates of one case.
    private func planGates(_ key: CaseKey, _ before: SQLTrace, _ after: SQLTrace)
        -> [GateResult]
    {
        let changes = PlanChange.findings(baseline: before, current: after)
        return [Self.fingerprints, Self.plans].map { metric in
            let mine = changes.filter { $0.kind.isStatementChange == (metric == Self.fingerprints) }
            let regressions = mine.filter(\.kind.isRegression).count
            let verdict: GateResult.Verdict =
                regressions > 0 ? .regressed : (mine.isEmpty ? .unchanged : .improved)
            let counts =
                metric == Self.fingerprints
                ? (Double(before.statements.count), Double(after.statements.count))
                : (0, Double(regressions))
            let summary = PlanChange.Kind.allCases.compactMap { kind in
                let count = mine.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(count) × \(kind.rawValue)"
            }
            return GateResult(
                key: key, metric: metric.name, baseline: counts.0, current: counts.1,
                verdict: verdict,
                message: ([summary.isEmpty ? "unchanged" : summary.joined(separator: ", ")]
                    + mine.flatMap(\.lines)).joined(separator: "\n"),
                isGating: thresholds.rule(for: metric, in: key.benchmark).gate)
        }
    }

    private func traceGates(
        _ key: CaseKey, _ before: SQLTrace, _ after: SQLTrace, _ baseline: CaseResult,
        _ current: CaseResult
    ) -> [GateResult] {
        let old = TraceDiff.counters(of: before)
        let new = TraceDiff.counters(of: after)
        return Set(old.keys).union(new.keys).sorted().map { name in
            let metric = Metric(name: name, unit: .count)
            let rule = thresholds.rule(for: metric, in: key.benchmark)
            let (verdict, text) = MetricGate.counter(old[name] ?? 0, new[name] ?? 0, rule: rule)
            return GateResult(
                key: key, metric: name, baseline: old[name] ?? 0, current: new[name] ?? 0,
                verdict: verdict, message: explain(text, verdict, name, baseline, current),
                isGating: rule.gate)
        }
    }

    /// `text`, followed by the trace diff when an SQL metric changed.
    private func explain(
        _ text: String, _ verdict: GateResult.Verdict, _ metric: String, _ baseline: CaseResult,
        _ current: CaseResult
    ) -> String {
        guard verdict != .unchanged, metric.hasPrefix("sql."), let before = baseline.sqlTrace,
            let after = current.sqlTrace
        else { return text }
        let diff = TraceDiff(baseline: before, current: after).lines
        return ([text] + (diff.isEmpty ? ["(SQL fingerprints and plans unchanged)"] : diff))
            .joined(separator: "\n")
    }
}
