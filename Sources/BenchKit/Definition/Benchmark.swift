/// A benchmark: a scenario plus its matrix of configurations and sizes.
///
/// Declare one with a setup that builds the state (not timed), a body that does the
/// measured work once and returns a checksum of what it read, and an optional reset
/// that restores the state between iterations (not timed). The runner runs every
/// configuration at every size, and fails the run when configurations of one size
/// return different checksums.
///
/// ```swift
/// let sort = Benchmark(
///     BenchmarkID(suite: "selftest", scenario: "sort"),
///     summary: "Sorts random integers",
///     configurations: [.init("in-place"), .init("copying")],
///     sizes: [10_000, 100_000],
///     setup: { context in
///         var generator = SplitMix64(seed: context.seed)  // same data in every configuration
///         return (0..<context.size).map { _ in Int(truncatingIfNeeded: generator.next()) }
///     },
///     body: { numbers in UInt64(truncatingIfNeeded: numbers.sorted().first ?? 0) })
/// ```
///
/// Cost: the matrix is data; nothing runs until a ``Runner`` runs it.
public struct Benchmark: Sendable {
    /// The stable `suite/scenario` ID.
    public let id: BenchmarkID
    /// One line saying what is measured.
    public let summary: String
    /// The configurations compared; the first is the reference for ratios.
    public let configurations: [BenchmarkConfiguration]
    /// The sizes run when `--sizes` does not override them.
    public let sizes: [Int]
    let makeInstance: @Sendable (CaseContext) throws -> any BenchmarkInstance

    /// Declares a benchmark.
    /// - Parameters:
    ///   - id: The stable ID.
    ///   - summary: One line for listings and reports.
    ///   - configurations: At least one configuration, names unique.
    ///   - sizes: Default sizes, each at least 1.
    ///   - setup: Builds the state for one case; not timed. May register counter
    ///     sources and datasets on the context.
    ///   - reset: Restores the state before each iteration; not timed.
    ///   - body: The measured work; returns a checksum of the result.
    public init<State>(
        _ id: BenchmarkID, summary: String,
        configurations: [BenchmarkConfiguration], sizes: [Int],
        setup: @escaping @Sendable (CaseContext) throws -> State,
        reset: (@Sendable (inout State) throws -> Void)? = nil,
        body: @escaping @Sendable (inout State) throws -> UInt64
    ) {
        precondition(!configurations.isEmpty, "\(id) needs at least one configuration")
        precondition(
            Set(configurations.map(\.name)).count == configurations.count,
            "\(id) has duplicate configuration names")
        precondition(!sizes.isEmpty && sizes.allSatisfy { $0 >= 1 }, "\(id) needs sizes >= 1")
        self.id = id
        self.summary = summary
        self.configurations = configurations
        self.sizes = sizes
        self.makeInstance = { context in
            StatefulInstance(state: try setup(context), reset: reset, body: body)
        }
    }

    /// The configuration named `name`, if the matrix has it.
    public func configuration(named name: String) -> BenchmarkConfiguration? {
        configurations.first { $0.name == name }
    }
}
