/// How long a run measures each case: `quick`, `standard` or `full`.
///
/// Each profile sets the warm-up count, the iteration cap, the time budget per case and
/// the number of instrumented iterations; `--iterations`, `--warmup` and `--max-time`
/// override single values. Cost: none.
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
    /// (fewer, but at least one, when they exceed the time budget).
    public var instrumentedIterations: Int

    /// Timed iterations every case gets even past its time budget.
    public static let minimumIterations = 3

    /// Makes limits.
    public init(
        warmupIterations: Int, maxIterations: Int, maxTime: Double, instrumentedIterations: Int
    ) {
        precondition(warmupIterations >= 0 && maxIterations >= 1 && maxTime > 0)
        precondition(instrumentedIterations >= 0)
        self.warmupIterations = warmupIterations
        self.maxIterations = maxIterations
        self.maxTime = maxTime
        self.instrumentedIterations = instrumentedIterations
    }
}
