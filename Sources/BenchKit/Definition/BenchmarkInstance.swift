/// One benchmark case after setup: its state plus the reset and body closures.
///
/// Type-erases the benchmark's `State` so the runner can hold cases of any benchmark.
/// Confined to the thread that runs the case.
protocol BenchmarkInstance: AnyObject {
    /// Restores the state before an iteration (not timed).
    func reset() throws
    /// Runs the measured body once and returns its checksum.
    func run() throws -> UInt64
}

/// The ``BenchmarkInstance`` for a benchmark whose state has type `State`.
final class StatefulInstance<State>: BenchmarkInstance {
    private var state: State
    private let resetState: (@Sendable (inout State) throws -> Void)?
    private let body: @Sendable (inout State) throws -> UInt64

    init(
        state: State, reset: (@Sendable (inout State) throws -> Void)?,
        body: @escaping @Sendable (inout State) throws -> UInt64
    ) {
        self.state = state
        self.resetState = reset
        self.body = body
    }

    func reset() throws {
        try resetState?(&state)
    }

    func run() throws -> UInt64 {
        try body(&state)
    }
}
