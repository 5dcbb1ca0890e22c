import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// `materialize/insert`: inserting as many new posts as the dataset holds, the values of
/// ``BatchOpsWork/values(_:)``, five ways: `typed` (`Post(context:)`, typed properties,
/// one save), `kvc` (`insertNewObject`, `setValue(_:forKey:)`, one save),
/// `batch-dictionaries` (``BatchInsertRequest`` of dictionaries), `batch-typed` (its
/// `managedObjectHandler`, filling one reused `Post`) and `raw` (one prepared INSERT per
/// row in one transaction), and `raw-same-sql` (`typed`'s statements: ``SameSQL``).
/// Each iteration starts from a fresh copy of the dataset (not
/// timed); the checksum is ``BatchOpsSuite/digest(_:)`` of the result, read untimed.
enum MaterializeInsert {
    /// The ways rows are inserted.
    enum Variant: BenchmarkVariant {
        case typed, kvc, batchDictionaries, batchTyped, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .typed: .init("typed", summary: "Post(context:), one save")
            case .kvc: .init("kvc", summary: "insertNewObject + setValue, one save")
            case .batchDictionaries:
                .init("batch-dictionaries", summary: "BatchInsertRequest of dictionaries")
            case .batchTyped:
                .init("batch-typed", summary: "BatchInsertRequest, managedObjectHandler")
            case .raw: .init("raw", summary: "prepared INSERT loop", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "typed")
            }
        }
    }

    /// `materialize/insert`.
    static let scenario = BenchmarkScenario(
        "insert", summary: "Inserts as many new posts as the dataset has", variants: Variant.self,
        setup: BatchOpsState.open, reset: BatchOpsState.restore,
        body: { state, variant in
            let count = state.size
            switch variant {
            case .typed:
                try state.suite.engine { context in
                    for index in 0..<count { Post(context: context).fill(index) }
                    try context.save()
                }
            case .kvc:
                try state.suite.engine { context in
                    for index in 0..<count {
                        let post = context.insertNewObject(forEntityName: "Post")
                        for (key, value) in BatchOpsWork.values(index) {
                            post.setValue(value, forKey: key)
                        }
                    }
                    try context.save()
                }
            case .batchDictionaries:
                _ = try state.suite.engine { context in
                    var next = 0
                    return try context.execute(
                        BatchInsertRequest(entityName: "Post") { row in
                            guard next < count else { return true }
                            row = BatchOpsWork.values(next)
                            next += 1
                            return false
                        })
                }
            case .batchTyped:
                _ = try state.suite.engine { context in
                    var next = 0
                    return try context.execute(
                        BatchInsertRequest(entityName: "Post") { (post: Post) in
                            guard next < count else { return true }
                            post.fill(next)
                            next += 1
                            return false
                        })
                }
            case .raw: try state.suite.raw { try insertRaw($0, count) }
            case .sameSQL: try state.suite.raw { try insertSameSQL($0, count) }
            }
        },
        verify: { try BatchOpsSuite.digest($0.suite.store.connection) })

    /// The rows of ``BatchOpsWork/values(_:)``, bound straight from their values.
    private static func insertRaw(_ connection: Connection, _ count: Int) throws {
        try connection.transaction {
            for index in 0..<count {
                let title = "new post \(index)"
                let date = 700_000_000 + Double(index)
                _ = try connection.execute(
                    """
                    INSERT INTO ZPOST (Z_ENT, Z_OPT, ZTITLE, ZTITLEINDEXED, ZBODY, ZWORDCOUNT, \
                    ZCREATEDAT, ZCREATEDATINDEXED, ZLIKES, ZSTATUS, ZSTATUSINDEXED) VALUES (2, 1, \
                    \(title), \(title), \("body of new post \(index)"), 5, \(date), \(date), \
                    \(index % 500), 'draft', 'draft')
                    """)
            }
        }
    }

    /// `typed`'s save raw: the new posts' values built first (the inserted objects),
    /// then the engine's key reservation (`Z_PRIMARYKEY` read and moved in one exclusive
    /// transaction) and one INSERT of every column per post, all bound, in a second.
    private static func insertSameSQL(_ connection: Connection, _ count: Int) throws {
        var posts: [SameSQL.PostRow] = []
        posts.reserveCapacity(count)
        for index in 0..<count {
            let date = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index))
            let title = "new post \(index)"
            posts.append(
                SameSQL.PostRow(
                    key: 0, version: 1, body: "body of new post \(index)", createdAt: date,
                    createdAtIndexed: date, likes: Int32(index % 500), status: "draft",
                    statusIndexed: "draft", title: title, titleIndexed: title, wordCount: 5,
                    author: nil))
        }
        let first = try SameSQL.reserveKeys(connection, entity: SameSQL.postEntity, count: count)
        try connection.transaction(.exclusive) {
            for (offset, post) in posts.enumerated() {
                _ = try connection.execute(
                    SameSQL.insertPost(post, key: first + Int64(offset)))
            }
        }
    }
}
