import Foundation
import TestSupport
import Testing

@testable import bench

/// `bench explain`: statements, plans and counts for a fetch; caret errors exit 2.
@Suite struct ExplainCommandTests {
    static let datasets = TestDatasets.directory.path

    @Test("an indexed equality fetch: one SELECT searching the index")
    func indexed() {
        let (status, text) = BenchToolTests.main(
            "explain", "--entity", "User", "--size", "1k", "--dataset-dir", Self.datasets,
            "ageIndexed == 30")
        #expect(status == 0, "\(text)")
        #expect(text.contains("SEARCH t0 USING INDEX ZUSER_ZAGEINDEXED_INDEX"))
        #expect(text.contains("Statement count for"))
    }

    @Test("prefetching and a sort: two SELECTs, a full scan flagged")
    func prefetch() {
        let (status, text) = BenchToolTests.main(
            "explain", "--entity", "Post", "--size", "1k", "--dataset-dir", Self.datasets,
            "--sort", "likes:desc", "--prefetch", "author", "--results", "10", "likes > 400")
        #expect(status == 0, "\(text)")
        #expect(text.contains("<- full scan"))
        #expect(text.contains("(2 SELECT"))
    }

    @Test("a malformed predicate prints the caret error and exits 2")
    func malformed() {
        let (status, text) = BenchToolTests.main("explain", "--entity", "Post", "title ==")
        #expect(status == 2)
        #expect(text.contains("^"))
    }
}
