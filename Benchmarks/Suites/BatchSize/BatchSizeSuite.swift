import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

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
        sizes: [10_000], scenarios: [scenario("scroll", screen: 50), scenario("scan", screen: nil)])

    /// The batch sizes compared, and the floor.
    enum Variant: BenchmarkVariant {
        case batch0, batch20, batch100, batch1000, raw

        /// The `fetchBatchSize` an engine variant sets; nil for the raw floor.
        var batchSize: Int? {
            switch self {
            case .batch0: 0
            case .batch20: 20
            case .batch100: 100
            case .batch1000: 1_000
            case .raw: nil
            }
        }

        var configuration: BenchmarkConfiguration {
            guard let batchSize else { return .init("raw", summary: "one SELECT", kind: .raw) }
            return .init("batch-\(batchSize)", summary: "fetchBatchSize = \(batchSize)")
        }
    }

    /// `batch-size/<name>`, reading the first `screen` titles or all when nil.
    static func scenario(_ name: String, screen: Int?) -> BenchmarkScenario {
        BenchmarkScenario(
            name,
            summary: screen == nil
                ? "Reads every published post's title, sorted by date"
                : "Reads the first 50 published posts' titles, sorted by date",
            variants: Variant.self, setup: SuiteState.open, reset: SuiteState.emptyContext,
            body: { state, variant in
                guard let batchSize = variant.batchSize else {
                    return try state.raw { try raw($0, screen: screen) }
                }
                return try state.engine { try read($0, batchSize: batchSize, screen: screen) }
            })
    }

    private static func read(_ context: ManagedObjectContext, batchSize: Int, screen: Int?)
        throws -> UInt64
    {
        let request = Post.fetchRequest()
        request.predicate = try FetchPredicate(format: "status == %@", "published")
        request.sortDescriptors = [SortKey(\Post.createdAt)]
        request.fetchBatchSize = batchSize
        let posts = try context.fetch(request)
        var checksum = Checksum()
        for post in posts.prefix(screen ?? posts.count) {
            checksum.combine(post.title ?? "")
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
