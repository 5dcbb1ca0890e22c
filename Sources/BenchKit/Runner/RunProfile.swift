/// How long a run measures each case: `quick`, `standard` or `full`.
///
/// Each profile sets the warm-up count, the iteration cap, the time budget per case and
/// the number of instrumented iterations; `--iterations`, `--warmup`, `--max-time`,
/// `--instrumented` and `--counted` override single values. Cost: none.
public enum RunProfile: String, CaseIterable, Sendable, Codable {
    /// Seconds per case: smoke runs and CI gates on deterministic counters.
    case quick
    /// The default: enough samples for medians and intervals to settle.
    case standard
    /// Long runs for publishing numbers.
    case full

    /// The limits this profile sets.
    public var limits: RunLimits {
        switch self {
        case .quick:
            RunLimits(warmupIterations: 1, maxIterations: 10, maxTime: 1, instrumentedIterations: 2)
        case .standard:
            RunLimits(warmupIterations: 2, maxIterations: 30, maxTime: 3, instrumentedIterations: 3)
        case .full:
            RunLimits(
                warmupIterations: 5, maxIterations: 100, maxTime: 10, instrumentedIterations: 5)
        }
    }
}

/// How many iterations each case runs.
///
/// Timed iterations stop at ``maxIterations`` or once the group's timed phase has taken
/// ``maxTime`` seconds per configuration, whichever comes first, but never before
/// ``minimumIterations`` (or ``maxIterations`` when smaller), so statistics always have
/// a few samples. Warm-up and instrumented iterations stop the same way once their phase
/// has taken the budget, after at least one each. Cost: none.
public struct RunLimits: Hashable, Sendable, Codable {
    /// Untimed iterations before measuring (fewer, but at least one, when they exceed the
    /// time budget).
    public var warmupIterations: Int
    /// The most timed iterations per case.
    public var maxIterations: Int
    /// The time budget per case, in seconds.
    public var maxTime: Double
    /// Iterations with allocation, memory and counter probes, after the timed ones
    /// (fewer, but at least one, when they exceed the time budget); 0 leaves them out.
    public var instrumentedIterations: Int
    /// Counted iterations per case in an instruction-counting run; `nil` counts as many
    /// as ``instrumentedIterations``, and at least one. With jemalloc's thread cache off
    /// a body's counts repeat within 0.05% (docs/GATES.md), so one is enough for a gate.
    public var countedIterations: Int?

    /// Timed iterations every case gets even past its time budget.
    public static let minimumIterations = 3

    /// Makes limits.
    public init(
        warmupIterations: Int, maxIterations: Int, maxTime: Double, instrumentedIterations: Int,
        countedIterations: Int? = nil
    ) {
        precondition(warmupIterations >= 0 && maxIterations >= 1 && maxTime > 0)
        precondition(instrumentedIterations >= 0 && (countedIterations ?? 1) >= 1)
        self.warmupIterations = warmupIterations
        self.maxIterations = maxIterations
        self.maxTime = maxTime
        self.instrumentedIterations = instrumentedIterations
        self.countedIterations = countedIterations
    }

    /// The counted iterations an instruction-counting run gives each case.
    public var effectiveCountedIterations: Int {
        countedIterations ?? max(instrumentedIterations, 1)
    }
}
