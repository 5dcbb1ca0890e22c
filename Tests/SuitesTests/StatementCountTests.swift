import BenchKit
import Testing

@testable import BenchmarkSuites

/// The statement counts of coredata-reference.md section 3, asserted from each case's
/// recorded metrics, and checksum agreement across every scenario's configurations.
@Suite struct StatementCountTests {
    /// Distinct authors of the 1,000 most recent posts.
    static let recentAuthors =
        "SELECT COUNT(DISTINCT ZAUTHOR) FROM (SELECT ZAUTHOR FROM ZPOST ORDER BY ZCREATEDATINDEXED DESC LIMIT 1000)"
    /// Distinct tags of the 1,000 most recent posts.
    static let recentTags = """
        SELECT COUNT(DISTINCT j.Z_3TAGS) FROM (SELECT Z_PK FROM ZPOST ORDER BY ZCREATEDATINDEXED DESC \
        LIMIT 1000) p JOIN Z_2TAGS j ON j.Z_2POSTS = p.Z_PK
        """

    @Test("faulting/posts-with-author: 1 + D, 1 + N + D, 1 + D, 2, 1")
    func faulting() throws {
        let cases = SuiteRun.run(FaultingSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(cases.allSatisfy { ($0.sqlLog?.totalLineCount ?? 0) > 0 })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let authors = try SuiteRun.count(Self.recentAuthors)
        let selects = { SuiteRun.metric(cases, "posts-with-author", $0, "sql.selects") }
        #expect(selects("faults") == 1 + authors)
        #expect(selects("no-property-values") == 1 + 1_000 + authors)
        #expect(selects("objects") == 1 + authors)
        #expect(selects("prefetch-author") == 2)
        #expect(SuiteRun.metric(cases, "posts-with-author", "raw", "sql.statements") == 1)
        let raw = cases.first { $0.key.configuration == "raw" }?.sqlLog?.lines ?? []
        #expect(raw.count == 2)
        #expect(
            raw.first?.hasPrefix("SQLiteDB: sql: SELECT t0.ZTITLE, t1.ZNAME FROM ZPOST") == true)
    }

    @Test("n-plus-one: 1 + N vs 2 vs 1")
    func nPlusOne() throws {
        let cases = SuiteRun.run(NPlusOneSuite.suite.benchmarks)
        #expect(cases.allSatisfy { $0.status == .passed })
        #expect(cases.allSatisfy { ($0.sqlLog?.totalLineCount ?? 0) > 0 })
        #expect(ChecksumMismatch.find(in: cases).isEmpty)
        let users = SuiteRun.size / 10
        let counts = { SuiteRun.metric(cases, "user-post-counts", $0, "sql.selects") }
        #expect(counts("fault-per-object") == 1 + users)
        #expect(counts("prefetch") == 2)
        #expect(counts("count-subquery") == 1)
        #expect(SuiteRun.metric(cases, "user-post-counts", "raw", "sql.statements") == 1)
        let tags = try SuiteRun.count(Self.recentTags)
        let tagSelects = { SuiteRun.metric(cases, "post-tags", $0, "sql.selects") }
        #expect(tagSelects("fault-per-object") == 1 + 1_000 + tags)
        #expect(tagSelects("prefetch") == 2)
        #expect(SuiteRun.metric(cases, "post-tags", "raw", "sql.statements") == 1)
    }
}
