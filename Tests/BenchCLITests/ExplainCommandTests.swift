import Foundation
import TestSupport
import Testing

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

    @Test("a batched fetch: rows and time per statement; the bound key list is no full scan")
    func batched() {
        let (status, text) = BenchToolTests.main(
            "explain", "--entity", "Post", "--size", "1k", "--dataset-dir", Self.datasets,
            "--batch-size", "20", "--results", "30", "likes > 400")
        #expect(status == 0, "\(text)")
        let lines = text.split(separator: "\n")
        let keyList = lines.filter { $0.contains("SCAN _Z_intarray0 VIRTUAL TABLE") }
        #expect(!keyList.isEmpty, "\(text)")
        #expect(keyList.allSatisfy { !$0.contains("full scan") })
        #expect(lines.filter { $0.hasPrefix("  result: 20 rows in 0.") }.count == 2)
        #expect(text.contains("(3 SELECT, 0 other)"))
    }

    @Test("an ascending sort key sorts ascending: the ORDER BY has no DESC")
    func ascending() {
        let (status, text) = BenchToolTests.main(
            "explain", "--entity", "Post", "--size", "1k", "--dataset-dir", Self.datasets,
            "--sort", "likes:asc", "--results", "5", "likes > 400")
        #expect(status == 0, "\(text)")
        #expect(text.contains("ORDER BY t0.ZLIKES\n") || text.contains("ORDER BY t0.ZLIKES "))
        #expect(!text.contains("ORDER BY t0.ZLIKES DESC"))
    }

    @Test(
        "a bad --sort, --prefetch or --entity is a usage error naming the flag, before any work",
        arguments: [
            (["--sort", ":"], "invalid value ':' for --sort: expected KEY, KEY:asc or KEY:desc"),
            (["--sort", ":asc"], "invalid value ':asc' for --sort: expected KEY"),
            (["--sort", ":desc"], "invalid value ':desc' for --sort: expected KEY"),
            (["--sort", "likes:"], "invalid value 'likes:' for --sort: expected KEY"),
            (["--sort", "likes:sideways"], "invalid value 'likes:sideways' for --sort"),
            (["--sort", "likes:desc:asc"], "invalid value 'likes:desc:asc' for --sort"),
            (["--sort", "author..name"], "invalid value 'author..name' for --sort"),
            (["--sort", ""], "option '--sort' needs a non-empty value"),
            (["--sort="], "option '--sort' needs a non-empty value"),
            (["--prefetch", "author,,tags"], "invalid value 'author,,tags' for --prefetch"),
            (["--prefetch", ","], "invalid value ',' for --prefetch"),
            (
                ["--entity", "Nope"],
                "unknown entity 'Nope' for --entity: expected one of Comment, Post, Tag, User"
            ),
        ])
    func badValues(_ arguments: [String], _ message: String) {
        let entity = arguments.contains("--entity") ? [] : ["--entity", "Post"]
        let (status, text) = BenchToolTests.main(
            ["explain", "--dataset-dir", "/nonexistent/datasets"] + entity + arguments
                + ["likes > 400"])
        #expect(status == 2)
        #expect(text.hasPrefix("error: \(message)"), "\(text)")
        #expect(text.hasSuffix("\nusage: bench explain [options] <predicate>"))
    }

    @Test("a malformed predicate prints the caret error and exits 2")
    func malformed() {
        let (status, text) = BenchToolTests.main("explain", "--entity", "Post", "title ==")
        #expect(status == 2)
        #expect(text.contains("^"))
    }
}
