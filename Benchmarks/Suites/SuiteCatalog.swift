import BenchKit

/// Every suite the `bench` binary knows, in listing order.
///
/// New suites (fetching, faulting, batch, ...) add themselves here. Cost: builds the
/// benchmark definitions once; nothing runs.
public enum SuiteCatalog {
    /// All suites.
    public static let all: [BenchmarkSuite] = [
        FaultingSuite.suite, BatchSizeSuite.suite, NPlusOneSuite.suite, IndexesSuite.suite,
        BatchOpsSuite.suite, MaterializeSuite.suite, ContextsSuite.suite, LiveResultsSuite.suite,
        MigrationSuite.suite, SelftestSuite.suite, SelftestLookups.suite, LayersSuite.suite,
    ]

    /// Every benchmark of every suite, for the worker process to look cases up in.
    public static var allBenchmarks: [Benchmark] { all.flatMap(\.benchmarks) }
}
