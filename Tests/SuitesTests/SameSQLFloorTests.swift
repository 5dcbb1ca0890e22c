import BenchKit
import Testing

@testable import BenchmarkSuites

/// The `raw-same-sql` floors (docs/FLOOR.md): each runs exactly the statements of the
/// engine configuration it mirrors, through SQLiteDB, and decodes the same values. The
/// engine's trace is the spec: every statement fingerprint and how often it ran must
/// be the same on both sides, and the checksums must agree.
@Suite struct SameSQLFloorTests {
    /// Fingerprint and executions of every statement group of a case, sorted.
    static func statements(_ cases: [CaseResult], _ scenario: String, _ configuration: String)
        -> [String]
    {
        let found = cases.first {
            $0.key.benchmark.scenario == scenario && $0.key.configuration == configuration
        }
        return (found?.sqlTrace?.statements ?? []).map { "\($0.count)x \($0.fingerprint)" }
            .sorted()
    }

    /// Runs `benchmarks` once and checks each (scenario, engine, floor) pair.
    static func check(_ benchmarks: [Benchmark], pairs: [(String, String)]) {
        let cases = SuiteRun.run(benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        for (scenario, engine) in pairs {
            let expected = statements(cases, scenario, engine)
            let floor = statements(cases, scenario, SameSQL.configurationName)
            #expect(!expected.isEmpty, "\(scenario)/\(engine) recorded no statements")
            #expect(
                floor == expected,
                "\(scenario): raw-same-sql differs from \(engine):\n\(floor.joined(separator: "\n"))\n---\n\(expected.joined(separator: "\n"))"
            )
        }
    }

    @Test(
        "materialize: read-two, lookup, to-many, n-plus-one, insert and fetch-self run the engine's statements"
    )
    func materialize() {
        Self.check(
            MaterializeSuite.suite.benchmarks,
            pairs: [
                ("read-two", "typed"), ("lookup", "engine"), ("to-many", "engine"),
                ("n-plus-one", "engine"), ("insert", "typed"), ("fetch-self", "engine"),
            ])
    }

    @Test("faulting/posts-with-author: the engine's 1 + D statements of `faults`")
    func faulting() {
        Self.check(FaultingSuite.suite.benchmarks, pairs: [("posts-with-author", "faults")])
    }

    @Test("batch-size: the statements of fetchBatchSize 100")
    func batchSize() {
        Self.check(
            BatchSizeSuite.suite.benchmarks,
            pairs: [("scroll", "batch-100"), ("scan", "batch-100")])
    }

    @Test("n-plus-one: the statements of fault-per-object")
    func nPlusOne() {
        Self.check(
            NPlusOneSuite.suite.benchmarks,
            pairs: [("user-post-counts", "fault-per-object"), ("post-tags", "fault-per-object")])
    }
}
