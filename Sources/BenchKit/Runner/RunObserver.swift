/// Receives progress events from a ``Runner``; the `bench` progress display is one.
///
/// Called on the runner's thread between iterations, never inside a timed region.
/// Keep the work small. Every method has an empty default.
public protocol RunObserver: AnyObject {
    /// The run is about to start `totalCases` cases.
    func runStarted(totalCases: Int)
    /// A group (all configurations of one scenario at one size) is starting.
    func groupStarted(_ cases: [CaseKey])
    /// A round of timed iterations finished: `iteration` of at most `limit`.
    func roundFinished(iteration: Int, limit: Int)
    /// A case finished; `done` of `total` cases are now finished.
    func caseFinished(_ result: CaseResult, done: Int, total: Int)
}

extension RunObserver {
    /// Does nothing.
    public func runStarted(totalCases: Int) {}
    /// Does nothing.
    public func groupStarted(_ cases: [CaseKey]) {}
    /// Does nothing.
    public func roundFinished(iteration: Int, limit: Int) {}
    /// Does nothing.
    public func caseFinished(_ result: CaseResult, done: Int, total: Int) {}
}
