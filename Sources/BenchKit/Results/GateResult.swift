/// The outcome of one gate: one metric of one case checked against a baseline.
///
/// Filled by the regression gates (`bench compare`, `bench run --baseline`); reports
/// render it as the regressions section, the top of `summary.md` and one JUnit test
/// case each. Cost: a few strings and numbers.
public struct GateResult: Hashable, Sendable, Codable {
    /// Whether the gate held.
    public enum Verdict: String, Hashable, Sendable, Codable {
        /// No significant change beyond the threshold.
        case unchanged
        /// Better than the baseline beyond the threshold.
        case improved
        /// Worse than the baseline beyond the threshold: the gate fails.
        case regressed
    }

    /// The case.
    public let key: CaseKey
    /// The metric's name.
    public let metric: String
    /// The baseline's value (median, or the exact count).
    public let baseline: Double
    /// This run's value.
    public let current: Double
    /// The verdict.
    public let verdict: Verdict
    /// Explains the verdict: the threshold and test on the first line, then any
    /// fingerprint and query plan diff, one line each.
    public let message: String
    /// False for a report-only metric: a regression is shown but does not fail.
    public let isGating: Bool

    /// Makes a result.
    public init(
        key: CaseKey, metric: String, baseline: Double, current: Double, verdict: Verdict,
        message: String, isGating: Bool = true
    ) {
        self.key = key
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.verdict = verdict
        self.message = message
        self.isGating = isGating
    }

    /// Decodes a result; `isGating` defaults to true when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(CaseKey.self, forKey: .key)
        metric = try container.decode(String.self, forKey: .metric)
        baseline = try container.decode(Double.self, forKey: .baseline)
        current = try container.decode(Double.self, forKey: .current)
        verdict = try container.decode(Verdict.self, forKey: .verdict)
        message = try container.decode(String.self, forKey: .message)
        isGating = try container.decodeIfPresent(Bool.self, forKey: .isGating) ?? true
    }

    /// Whether this gate fails the comparison: a gating metric that regressed.
    public var fails: Bool { isGating && verdict == .regressed }
}

/// A run compared with a baseline: which baseline, and every gate's result.
///
/// Optional in ``RunResults``; absent when no baseline was given. Cost: the gates.
public struct BaselineComparison: Hashable, Sendable, Codable {
    /// What the run was compared with: a baseline file or its run ID.
    public let baseline: String
    /// One result per compared metric of each case present in both runs.
    public let gates: [GateResult]
    /// Cases in this run but not in the baseline (nil in files written before gates).
    public let added: [CaseKey]?
    /// Cases in the baseline but not in this run.
    public let removed: [CaseKey]?
    /// Findings that appeared or disappeared against the baseline (nil in files
    /// written before findings were compared). Reported, never a failing gate: the
    /// counters' gates already fail on the statements behind them.
    public let findings: FindingsDiff?
    /// How the baseline's ``CounterEnvironment`` differs from this run's, one line
    /// each (`toolchain 6.3.1 in the baseline, 6.3.2 now`); nil when it does not (or in
    /// files written before it was recorded). While set, allocation and instruction
    /// counts are reported, not gated, unless `--gate-across-environments`.
    public var environmentChanges: [String]?
    /// Which of several baselines side by side (`NAME.json`, `NAME.env-<id>.json`)
    /// was picked for this run's environment, or that none was recorded in it; nil
    /// when there was one baseline.
    public var baselineChoice: String?

    /// Makes a comparison.
    public init(
        baseline: String, gates: [GateResult], added: [CaseKey]? = nil, removed: [CaseKey]? = nil,
        findings: FindingsDiff? = nil
    ) {
        self.baseline = baseline
        self.gates = gates
        self.added = added
        self.removed = removed
        self.findings = findings
    }

    /// The gates that failed: gating metrics that regressed, regressions first in reports.
    public var regressions: [GateResult] { gates.filter(\.fails) }
}
