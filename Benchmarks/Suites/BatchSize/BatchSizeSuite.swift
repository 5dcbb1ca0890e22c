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
/// `raw-same-sql` runs `batch-100`'s statements raw (``SameSQL``).
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
        case batch0, batch20, batch100, batch1000, raw, sameSQL

        /// The `fetchBatchSize` an engine variant sets; nil for the raw floor.
        var batchSize: Int? {
            switch self {
            case .batch0: 0
            case .batch20: 20
            case .batch100: 100
            case .batch1000: 1_000
            case .raw, .sameSQL: nil
            }
        }

        var configuration: BenchmarkConfiguration {
            if self == .sameSQL { return SameSQL.configuration(mirroring: "batch-100") }
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
                if variant == .sameSQL {
                    return try state.raw { try sameSQL($0, screen: screen) }
                }
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

    /// The batch size `raw-same-sql` mirrors.
    static let sameSQLBatchSize = 100

    /// `batch-100`'s statements raw: the ID query, then one `_Z_intarray0` batch SELECT
    /// per 100 IDs read, every column decoded into structs put in ID order; a batch is
    /// dropped when the scan moves past it, as the engine releases it.
    private static func sameSQL(_ connection: Connection, screen: Int?) throws -> UInt64 {
        let keys = try SameSQL.keys(
            connection,
            "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZSTATUS = \("published") ORDER BY t0.ZCREATEDAT"
        )
        let count = min(screen ?? keys.count, keys.count)
        var checksum = Checksum()
        var start = 0
        while start < count {
            let batch = Array(keys[start..<min(start + sameSQLBatchSize, keys.count)])
            let list = IntegerList(batch)
            var rows: [Int64: SameSQL.PostRow] = [:]
            rows.reserveCapacity(batch.count)
            try connection.forEachRow(
                """
                SELECT \(raw: SameSQL.postColumns) FROM ZPOST t0 WHERE t0.Z_PK IN \
                (SELECT * FROM _Z_intarray0(\(list))) LIMIT \(raw: String(sameSQLBatchSize))
                """
            ) { statement in
                let row = SameSQL.PostRow(statement)
                rows[row.key] = row
            }
            for key in batch.prefix(count - start) {
                checksum.combine(rows[key]?.title ?? "")
            }
            start += sameSQLBatchSize
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
