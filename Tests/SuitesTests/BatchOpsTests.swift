import BenchKit
import Testing

@testable import BenchmarkSuites

/// `batch-ops`: every configuration leaves the same rows, and the batch requests run
/// one write statement where per-object saves run one per object.
@Suite struct BatchOpsTests {
    @Test("insert, update and delete agree on the resulting rows; batch writes are one statement")
    func batchOps() throws {
        let cases = SuiteRun.run(BatchOpsSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(cases.allSatisfy { ($0.sqlLog?.totalLineCount ?? 0) > 0 })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let drafts = try SuiteRun.count("SELECT COUNT(*) FROM ZPOST WHERE ZSTATUS = 'draft'")
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        #expect(metric("insert", "per-object-save-once", "sql.inserts") == SuiteRun.size / 10)
        #expect(metric("update", "per-object-save-once", "sql.updates") == drafts)
        #expect(metric("update", "batch-request", "sql.updates") == 1)
        // The UPDATE and its rows alone: the digest runs in the untimed verify step.
        #expect(metric("update", "raw", "sql.statements") == 1)
        #expect(metric("update", "raw", "sql.rows") == drafts)
    }
}
