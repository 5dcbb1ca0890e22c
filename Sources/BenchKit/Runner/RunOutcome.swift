/// What a ``Runner`` produced: case results, datasets used, whether it was stopped.
///
/// Cost: holds every raw sample.
public struct RunOutcome: Sendable {
    /// One result per case that started, in run order.
    public var cases: [CaseResult]
    /// Distinct datasets the cases recorded.
    public var datasets: [DatasetRecord]
    /// Whether a stop request ended the run early.
    public var wasInterrupted: Bool

    /// Makes an outcome, such as the cases a gate re-measured.
    public init(cases: [CaseResult], datasets: [DatasetRecord], wasInterrupted: Bool) {
        self.cases = cases
        self.datasets = datasets
        self.wasInterrupted = wasInterrupted
    }
}
