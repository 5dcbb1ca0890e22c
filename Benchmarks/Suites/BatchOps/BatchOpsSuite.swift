import BenchKit
import ObjectGraph
import SQLiteDB

/// The `batch-ops` suite: bulk writes through managed objects vs batch requests vs SQL.
///
/// - `batch-ops/insert`: insert size / 10 new posts;
/// - `batch-ops/update`: mark every draft post archived;
/// - `batch-ops/delete`: delete every archived post (its comments cascade).
///
/// Configurations: `per-object-save-once` (one context, one save),
/// `per-object-save-every-100` (save and reset every 100 objects, the memory-friendly
/// import), `batch-request` (``BatchInsertRequest`` and friends) and `raw`. Each
/// iteration starts from a fresh backup copy of the dataset (not timed). The checksum
/// is a digest of the resulting rows, read by the scenario's verify step after the
/// timed write (one aggregate SELECT on the raw connection, untimed and untraced in
/// every configuration). Cost: the write, plus one scan of `ZPOST` outside the clock.
enum BatchOpsSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "batch-ops", summary: "Per-object saves vs batch requests vs SQL for bulk writes",
        sizes: [10_000],
        scenarios: [
            scenario("insert", "Inserts size / 10 new posts", BatchOpsWork.insert),
            scenario("update", "Marks every draft post archived", BatchOpsWork.update),
            scenario(
                "delete", "Deletes every archived post", BatchOpsWork.delete,
                sizeLimits: [.perObjectSaveEvery100: tagRefaulting]),
        ])

    /// The ways a bulk write is made.
    enum Variant: BenchmarkVariant {
        case perObjectSaveOnce, perObjectSaveEvery100, batchRequest, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .perObjectSaveOnce:
                .init("per-object-save-once", summary: "managed objects, one save")
            case .perObjectSaveEvery100:
                .init("per-object-save-every-100", summary: "save + reset per 100")
            case .batchRequest: .init("batch-request", summary: "one batch request")
            case .raw: .init("raw", summary: "hand-written SQL", kind: .raw)
            }
        }
    }

    /// Why `per-object-save-every-100` deletes stop at 100k. Deleting a post nullifies
    /// its tags' inverse `posts`, which (as in Core Data) faults in each touched tag's
    /// whole membership, and the reset every 100 posts throws those away, so the next 100
    /// load them again: rows read grow with the square of the size (6.6 million at
    /// 100k, about 17 s per iteration here), about 660 million at 1m, an hour per
    /// iteration. The finding stands at 10k and 100k; 1m would only take the run hostage.
    static let tagRefaulting = BenchmarkConfiguration.SizeLimit(
        largest: 100_000,
        reason:
            "each reset re-faults every touched tag's posts (rows read grow as size squared: "
            + "6.6 million at 100k, about 660 million and an hour per iteration at 1m)")

    /// `batch-ops/<name>` doing `work`, verified by ``digest(_:)``.
    static func scenario(
        _ name: String, _ summary: String,
        _ work: @escaping @Sendable (inout BatchOpsState, Variant) throws -> Void,
        sizeLimits: [Variant: BenchmarkConfiguration.SizeLimit] = [:]
    ) -> BenchmarkScenario {
        BenchmarkScenario(
            name, summary: summary, variants: Variant.self, sizeLimits: sizeLimits,
            setup: BatchOpsState.open, reset: BatchOpsState.restore, body: work,
            verify: { try digest($0.suite.store.connection) })
    }

    /// Post count, likes, title lengths and statuses, and the comment count.
    static func digest(_ connection: Connection) throws -> UInt64 {
        let sql = """
            SELECT COUNT(*), TOTAL(ZLIKES), TOTAL(LENGTH(ZTITLE)), TOTAL(ZSTATUS = 'draft'), \
            TOTAL(ZSTATUSINDEXED = 'archived'), (SELECT COUNT(*) FROM ZCOMMENT) FROM ZPOST
            """
        var checksum = Checksum()
        try connection.forEachRow(SQL(text: sql)) { row in
            for column in 0..<6 { checksum.combine(Int(row.double(at: Int32(column)))) }
        }
        return checksum.value
    }
}

/// A `batch-ops` case: the suite state and the dataset size.
struct BatchOpsState {
    /// The store and configuration.
    let suite: SuiteState
    /// The case's size (posts in the dataset).
    let size: Int

    /// Opens the store for `context`'s case.
    init(_ context: CaseContext) throws {
        suite = try SuiteState(context)
        size = context.size
    }

    /// The `setup:` of a writing scenario, whatever the variant.
    static func open<Variant>(_ context: CaseContext, _ variant: Variant) throws -> BatchOpsState {
        try BatchOpsState(context)
    }

    /// The `reset:` of a writing scenario: the dataset copied back, whatever the variant.
    static func restore<Variant>(_ state: inout BatchOpsState, _ variant: Variant) throws {
        try state.suite.restoreDataset()
    }
}
