import Synchronization

/// A thread-safe "please stop" flag: Ctrl-C sets it, the runner checks it between
/// iterations and then writes what it has, marked partial.
///
/// Cost: one atomic load per check.
public final class StopFlag: Sendable {
    private let requested = Atomic<Bool>(false)

    /// Makes a flag that is not set.
    public init() {}

    /// Asks the run to stop after the current iteration.
    public func requestStop() {
        requested.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    public var isStopRequested: Bool {
        requested.load(ordering: .relaxed)
    }
}
