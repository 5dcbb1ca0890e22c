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
/// row in one transaction). Each iteration starts from a fresh copy of the dataset (not
/// timed); the checksum is ``BatchOpsSuite/digest(_:)`` of the result, read untimed.
enum MaterializeInsert {
    /// The ways rows are inserted.
    enum Variant: BenchmarkVariant {
        case typed, kvc, batchDictionaries, batchTyped, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .typed: .init("typed", summary: "Post(context:), one save")
            case .kvc: .init("kvc", summary: "insertNewObject + setValue, one save")
            case .batchDictionaries:
                .init("batch-dictionaries", summary: "BatchInsertRequest of dictionaries")
            case .batchTyped:
                .init("batch-typed", summary: "BatchInsertRequest, managedObjectHandler")
            case .raw: .init("raw", summary: "prepared INSERT loop", kind: .raw)
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
}
