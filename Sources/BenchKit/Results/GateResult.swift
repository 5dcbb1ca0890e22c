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
    /// One line explaining the verdict (threshold, interval, fingerprint diff).
    public let message: String

    /// Makes a result.
    public init(
        key: CaseKey, metric: String, baseline: Double, current: Double, verdict: Verdict,
        message: String
    ) {
        self.key = key
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.verdict = verdict
        self.message = message
    }
}

/// A run compared with a baseline: which baseline, and every gate's result.
///
/// Optional in ``RunResults``; absent when no baseline was given. Cost: the gates.
public struct BaselineComparison: Hashable, Sendable, Codable {
    /// What the run was compared with: a baseline file or its run ID.
    public let baseline: String
    /// One result per gated metric of each case.
    public let gates: [GateResult]

    /// Makes a comparison.
    public init(baseline: String, gates: [GateResult]) {
        self.baseline = baseline
        self.gates = gates
    }

    /// The gates that failed.
    public var regressions: [GateResult] { gates.filter { $0.verdict == .regressed } }
}
