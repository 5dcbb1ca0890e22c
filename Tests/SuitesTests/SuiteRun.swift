import BenchKit
import Foundation
import SQLiteDB
import TestSupport
import Workloads

@testable import BenchmarkSuites

/// Runs engine suites once per configuration at a small size, on datasets generated
/// into a temporary directory, and answers questions about the results.
enum SuiteRun {
    /// The size the tests run at, the default size of `bench run`: 10,000 posts and
    /// 1,000 users.
    static let size = 10_000
    /// The seed of every run.
    static let seed: UInt64 = 42

    /// The shared test dataset cache, set as `FAULTLINE_DATASETS` once per process.
    static let datasets: URL = {
        setenv("FAULTLINE_DATASETS", TestDatasets.directory.path, 1)
        return TestDatasets.directory
    }()

    /// One instrumented iteration of every configuration of `benchmarks`, run once per
    /// process: several suites of tests check the same run (`SameSQLFloorTests` and
    /// `MaterializeTests`, `StatementCountTests`, `FetchShapeTests`), and each run of
    /// `materialize` at this size costs about 20 s of CPU in `scripts/test`. A test
    /// asking while another computes the same run waits for it.
    static func run(_ benchmarks: [Benchmark]) -> [CaseResult] {
        _ = datasets
        return runs.result(for: benchmarks.map(\.id)) {
            let limits = RunLimits(
                warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
            let runner = Runner(limits: limits, seed: seed, isolation: .inProcess)
            return runner.run(RunPlan(benchmarks: benchmarks, sizes: [size])).cases
        }
    }

    /// The runs made so far, by the benchmarks' IDs.
    private static let runs = RunMemo()

    /// Results computed once per key; a second caller of a key being computed waits.
    final class RunMemo: @unchecked Sendable {
        // Invariant: `results` and `computing` are touched only while `condition` is
        // locked.
        private let condition = NSCondition()
        private var results: [[BenchmarkID]: [CaseResult]] = [:]
        private var computing: Set<[BenchmarkID]> = []

        func result(for key: [BenchmarkID], compute: () -> [CaseResult]) -> [CaseResult] {
            condition.lock()
            while computing.contains(key) { condition.wait() }
            if let found = results[key] {
                condition.unlock()
                return found
            }
            computing.insert(key)
            condition.unlock()
            let computed = compute()
            condition.lock()
            results[key] = computed
            computing.remove(key)
            condition.broadcast()
            condition.unlock()
            return computed
        }
    }

    /// The median of `metric` in the case of `configuration` of `scenario`.
    static func metric(
        _ cases: [CaseResult], _ scenario: String, _ configuration: String, _ metric: String
    ) -> Int? {
        let found = cases.first {
            $0.key.benchmark.scenario == scenario && $0.key.configuration == configuration
        }
        return (found?.metric(named: metric)?.summary.median).map { Int($0) }
    }

    /// The query plan details of every traced statement of a case, joined.
    static func plan(_ cases: [CaseResult], _ scenario: String, _ configuration: String)
        -> String
    {
        let found = cases.first {
            $0.key.benchmark.scenario == scenario && $0.key.configuration == configuration
        }
        let steps = found?.sqlTrace?.statements.flatMap { $0.queryPlan ?? [] } ?? []
        return steps.map(\.detail).joined(separator: "; ")
    }

    /// One integer answered by `sql` on the cached dataset.
    static func count(_ sql: String) throws -> Int {
        _ = datasets
        let cached = try DatasetCache(directory: DatasetCache.defaultDirectory())
            .dataset(schema: .social, size: size, seed: seed)
        var configuration = Connection.Configuration()
        configuration.openMode = .readOnly
        let connection = try Connection(
            location: .file(cached.storePath), configuration: configuration)
        return try connection.fetchOne(SQL(text: sql)) { Int($0.int64(at: 0)) } ?? -1
    }
}
