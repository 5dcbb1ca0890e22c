import BenchKit
import Testing

@testable import BenchmarkSuites

/// `contexts`: every configuration agrees with its raw floor, and runs the statements
/// Core Data's rules give (a merge or a child save adds no SQL; a merge from history
/// reads the transactions, then faults each changed object it holds).
@Suite struct ContextsSuiteTests {
    @Test("merges, child saves and history merges agree with raw and run the expected statements")
    func contexts() throws {
        let cases = SuiteRun.run(ContextsSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        for changed in [1, 100, 10_000] {
            let scenario = "merge-into-view-k\(changed)"
            for configuration in ["automatic-merge", "refetch", "refresh-all"] {
                #expect(metric(scenario, configuration, "sql.updates") == changed)
            }
            #expect(metric(scenario, "automatic-merge", "sql.selects") == 0)
            #expect(metric(scenario, "refresh-all", "sql.selects") == 0)
            #expect(metric(scenario, "refetch", "sql.selects") == 1)
            // Raw configurations count statements only: K UPDATEs and one SELECT.
            #expect(metric(scenario, "raw", "sql.statements") == changed + 1)
        }
        for configuration in ["child-then-root", "root"] {
            #expect(metric("child-vs-root-save", configuration, "sql.updates") == 100)
            #expect(metric("child-vs-root-save", configuration, "sql.selects") == 0)
            // One commit, which WAL at synchronous FULL syncs (other tests of this
            // process sync too: the process-wide count is a lower bound here).
            #expect(metric("child-vs-root-save", configuration, "sqlite.wal-commits") == 1)
            #expect((metric("child-vs-root-save", configuration, "sqlite.syncs") ?? 0) >= 1)
        }
        #expect(metric("child-vs-root-save", "raw", "sql.statements") == 100)
        // Merging from history reads the transactions, then each changed held object.
        let changed = ContextsHistoryMerge.held / ContextsHistoryMerge.stride
        #expect(metric("history-merge", "history", "sql.selects") == 2 + changed)
        #expect(metric("history-merge", "history", "engine.object-faults") == changed)
        #expect(metric("history-merge", "refetch", "sql.selects") == 1)
        #expect(metric("history-merge", "raw", "sql.statements") == 1)
    }
}
