import BenchKit
import ObjectGraph
import SQLiteDB

/// The `batch-size` suite: fetch every published post sorted by date, with
/// `fetchBatchSize` 0, 20, 100 and 1,000, and the hand-written floor.
///
/// - `batch-size/scroll` reads the titles of the first 50 (a screen): 1 + ⌈50/B⌉
///   statements for batch size B, 1 for B = 0; `raw` selects only those 50.
/// - `batch-size/scan` reads every title: 1 + ⌈N/B⌉, 1 for B = 0.
///
/// Peak allocated memory is the headline metric beside time. Each iteration starts from
/// an empty context (reset, not timed). Cost: every published post (85% of the size).
enum BatchSizeSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "batch-size",
        summary: "fetchBatchSize 0 / 20 / 100 / 1000 when scrolling and scanning",
        benchmarks: [benchmark("scroll", screen: 50), benchmark("scan", screen: nil)])

    /// The batch sizes compared, by configuration name.
    static let batchSizes = ["batch-0": 0, "batch-20": 20, "batch-100": 100, "batch-1000": 1_000]

    /// `batch-size/<scenario>`, reading the first `screen` titles or all when nil.
    static func benchmark(_ scenario: String, screen: Int?) -> Benchmark {
        Benchmark(
            BenchmarkID(suite: "batch-size", scenario: scenario),
            summary: screen == nil
                ? "Reads every published post's title, sorted by date"
                : "Reads the first 50 published posts' titles, sorted by date",
            configurations: ["batch-0", "batch-20", "batch-100", "batch-1000"].map {
                BenchmarkConfiguration($0, summary: "fetchBatchSize = \(batchSizes[$0] ?? 0)")
            } + [BenchmarkConfiguration("raw", summary: "one SELECT")],
            sizes: [10_000], setup: SuiteState.init, reset: { try $0.resetContext() },
            body: { state in
                let batchSize = batchSizes[state.configuration] ?? 0
                return try state.run(
                    engine: { try read($0, batchSize: batchSize, screen: screen) },
                    raw: { try raw($0, screen: screen) })
            })
    }

    private static func read(_ context: ManagedObjectContext, batchSize: Int, screen: Int?)
        throws -> UInt64
    {
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "status == %@", "published")
        request.sortDescriptors = [SortKey("createdAt")]
        request.fetchBatchSize = batchSize
        let posts = try context.fetch(request)
        var checksum = Checksum()
        for post in posts.prefix(screen ?? posts.count) {
            checksum.combine(post.value(forKey: "title") as? String ?? "")
        }
        return checksum.value
    }

    private static func raw(_ connection: Connection, screen: Int?) throws -> UInt64 {
        var checksum = Checksum()
        let limit = screen.map { " LIMIT \($0)" } ?? ""
        try connection.forEachRow(
            SQL(
                text: "SELECT t0.ZTITLE FROM ZPOST t0 WHERE t0.ZSTATUS = 'published' "
                    + "ORDER BY t0.ZCREATEDAT\(limit)")
        ) { checksum.combine($0.string(at: 0)) }
        return checksum.value
    }
}
