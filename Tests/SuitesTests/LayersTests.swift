import BenchKit
import Testing

@testable import BenchmarkSuites

/// `layers`: the three layers agree on every scenario, and the SwiftData-style layer
/// runs exactly the Core Data-style layer's statements wherever the two mean the same.
@Suite struct LayersTests {
    @Test("coredata, swiftdata and raw agree; swiftdata's statements equal coredata's")
    func layers() throws {
        let cases = SuiteRun.run(LayersSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed }, "\(cases.flatMap(\.errors))")
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        let counted = [
            "sql.statements", "sql.selects", "sql.inserts", "sql.updates", "sql.transactions",
            "sql.rows",
        ]
        // enumerate's coredata counterpart is the batched fetch it runs: the same SQL.
        for scenario in [
            "insert", "insert-autosave", "fetch-wide", "fetch-narrow", "identifiers",
            "iterate-plain", "iterate-batched", "iterate-enumerate", "observer",
        ] {
            for name in counted {
                #expect(
                    metric(scenario, "swiftdata", name) == metric(scenario, "coredata", name),
                    "\(scenario) \(name)")
            }
        }
        #expect(metric("insert", "swiftdata", "sql.inserts") == SuiteRun.size)
        // One save per event of 1,000: autosave saves exactly as often as coredata does,
        // each save the transaction statements of the single save of `insert`.
        let perSave = try #require(metric("insert", "swiftdata", "sql.transactions"))
        #expect(
            metric("insert-autosave", "swiftdata", "sql.transactions")
                == perSave * SuiteRun.size / 1_000)
        #expect(metric("fetch-wide", "swiftdata", "sql.selects") == 1)
        #expect(metric("identifiers", "swiftdata", "engine.object-faults") == 0)
        // 1 SELECT of IDs, then one per batch of 5,000.
        #expect(
            metric("iterate-enumerate", "swiftdata", "sql.selects") == 1 + SuiteRun.size / 5_000)
        // The observer's save runs no SELECT of posts: the list is updated in memory.
        #expect(metric("observer", "swiftdata", "sql.inserts") == 1)
        // The changed post, and Z_PRIMARYKEY for the new post's key.
        #expect(metric("observer", "swiftdata", "sql.updates") == 2)
    }
}
