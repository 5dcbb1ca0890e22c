/// One benchmark case after setup: its state and variant plus the reset, body and
/// verify closures.
///
/// Type-erases the scenario's `State` and `Variant` so the runner can hold cases of any
/// benchmark. Confined to the thread that runs the case.
protocol BenchmarkInstance: AnyObject {
    /// Restores the state before an iteration (not timed).
    func reset() throws
    /// Runs the measured body once; returns its checksum (0 when the scenario verifies).
    func run() throws -> UInt64
    /// The iteration's checksum, after ``run()`` returned `bodyChecksum`: the verify
    /// step's (run now, untimed) when the scenario has one, else the body's own.
    func checksum(afterRun bodyChecksum: UInt64) throws -> UInt64
}

/// The ``BenchmarkInstance`` of a scenario whose state has type `State`.
final class StatefulInstance<State, Variant>: BenchmarkInstance {
    private var state: State
    private let variant: Variant
    private let resetState: (@Sendable (inout State, Variant) throws -> Void)?
    private let body: @Sendable (inout State, Variant) throws -> UInt64
    private let verify: (@Sendable (inout State) throws -> UInt64)?

    init(
        state: State, variant: Variant, reset: (@Sendable (inout State, Variant) throws -> Void)?,
        body: @escaping @Sendable (inout State, Variant) throws -> UInt64,
        verify: (@Sendable (inout State) throws -> UInt64)?
    ) {
        self.state = state
        self.variant = variant
        self.resetState = reset
        self.body = body
        self.verify = verify
    }

    func reset() throws {
        try resetState?(&state, variant)
    }

    func run() throws -> UInt64 {
        try body(&state, variant)
    }

    func checksum(afterRun bodyChecksum: UInt64) throws -> UInt64 {
        guard let verify else { return bodyChecksum }
        return try verify(&state)
    }
}
