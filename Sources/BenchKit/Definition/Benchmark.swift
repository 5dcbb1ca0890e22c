/// A benchmark as the runner sees it: a scenario with its suite's ID and sizes, its
/// variants erased to configurations.
///
/// Suites never make one directly: a ``BenchmarkSuite`` makes one per
/// ``BenchmarkScenario``, so the suite name and the default sizes are written once.
/// Workers look a case's benchmark up by ``id`` and its configuration by name.
/// Cost: the matrix is data; nothing runs until a ``Runner`` runs it.
public struct Benchmark: Sendable {
    /// The stable `suite/scenario` ID.
    public let id: BenchmarkID
    /// One line saying what is measured.
    public let summary: String
    /// The configurations compared; the first is the reference for ratios.
    public let configurations: [BenchmarkConfiguration]
    /// The sizes run when `--sizes` does not override them: the suite's.
    public let sizes: [Int]
    let makeInstance: @Sendable (CaseContext) throws -> any BenchmarkInstance

    /// `scenario` in the suite named `suite`, run at `sizes`.
    init(suite: String, sizes: [Int], scenario: BenchmarkScenario) {
        id = BenchmarkID(suite: suite, scenario: scenario.name)
        summary = scenario.summary
        configurations = scenario.configurations
        self.sizes = sizes
        makeInstance = scenario.makeInstance
    }

    /// The configuration named `name`, if the matrix has it.
    public func configuration(named name: String) -> BenchmarkConfiguration? {
        configurations.first { $0.name == name }
    }
}
