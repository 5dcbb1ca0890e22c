import BenchKit
import Testing

@testable import BenchmarkSuites

/// `migration`: every configuration leaves the same posts, authors, tags (and bodies,
/// for the splits), and the raw floors run exactly their statements.
@Suite struct MigrationSuiteTests {
    @Test("lightweight, deferred, custom and staged migrations agree on the migrated content")
    func migration() throws {
        let cases = SuiteRun.run(MigrationSuite.suite.benchmarks)
        #expect(cases.count == 15)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let metric = { SuiteRun.metric(cases, $0, $1, $2) }
        // BEGIN, the ALTER or CREATE, COMMIT.
        for floor in ["raw-add-attribute", "raw-rename", "raw-add-index"] {
            #expect(metric("lightweight", floor, "sql.statements") == 3)
        }
        // A new table is a few statements; renumbering copies every table.
        let last = try #require(metric("lightweight", "add-entity-last", "sql.statements"))
        let first = try #require(metric("lightweight", "add-entity-first", "sql.statements"))
        #expect(first > last)
        // Deferral leaves the DROP COLUMN and the CREATE INDEX to the cleanup.
        let immediate = try #require(metric("deferred", "immediate", "sql.statements"))
        let deferred = try #require(metric("deferred", "deferred", "sql.statements"))
        #expect(deferred < immediate)
        let cleanup = try #require(metric("deferred", "cleanup", "sql.statements"))
        #expect(cleanup > 0 && cleanup < immediate)
    }
}
