import BenchKit
import Testing

@testable import BenchmarkSuites

/// `materialize`: typed, key-value and raw reads agree, and run the statements Core
/// Data's rules give (typed reads change no count).
@Suite struct MaterializeTests {
    @Test("every configuration agrees; reads, faults and inserts run their expected statements")
    func materialize() throws {
        let cases = SuiteRun.run(MaterializeSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        let users = MaterializeLookups.count
        for configuration in ["typed", "kvc"] {
            #expect(metric("read-two", configuration, "sql.selects") == 1)
            #expect(metric("read-two", configuration, "engine.row-cache-hits") == SuiteRun.size)
        }
        #expect(metric("reset", "reset", "sql.statements") == 0)
        #expect(metric("lookup", "engine", "sql.selects") == users)
        #expect(metric("lookup", "raw", "sql.statements") == users)
        #expect(metric("to-many", "engine", "sql.selects") == users)
        #expect(metric("to-many", "engine", "engine.relationship-faults") == users)
        // 1 + 11N at this dataset's ratio: each user's to-many, then each post's row.
        let posts = try #require(metric("n-plus-one", "engine", "engine.object-faults"))
        #expect(metric("n-plus-one", "engine", "sql.selects") == users + posts)
        #expect(metric("n-plus-one", "raw", "sql.statements") == users + posts)
        for configuration in ["typed", "kvc"] {
            #expect(metric("insert", configuration, "sql.inserts") == SuiteRun.size)
        }
        // A batch insert is one INSERT statement run per row through one prepared
        // statement: the trace counts each execution.
        #expect(metric("insert", "batch-typed", "sql.inserts") == SuiteRun.size)
        #expect(
            metric("insert", "batch-typed", "sql.statements")
                == metric("insert", "batch-dictionaries", "sql.statements"))
    }
}
