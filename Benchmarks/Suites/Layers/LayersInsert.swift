import BenchKit
import Foundation
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Workloads

/// `layers/insert` and `layers/insert-autosave`: as many new posts as the dataset has
/// (the values of ``BatchOpsWork/values(_:)``), from a fresh copy each iteration.
///
/// - `insert`: one save at the end. `coredata`: `Post(context:)`, typed properties,
///   `save()`; `swiftdata`: `Post(modelContext:)`, the same properties,
///   `insert(_:)`, `save()`; `raw`: one prepared INSERT per row in one transaction.
/// - `insert-autosave`: in events of 1,000 inserts. `swiftdata`: a context with
///   `autosaveEnabled`, each event ended by `processPendingChanges()` (what a run-loop
///   turn does); `coredata`: `save()` after each 1,000, which is what autosave does;
///   `raw`: one transaction per 1,000 rows.
///
/// The checksum is ``BatchOpsSuite/digest(_:)`` of the rows, read untimed.
enum LayersInsert {
    /// Inserts per event in `insert-autosave`.
    static let eventSize = 1_000

    /// `layers/insert`.
    static let oneSave = BenchmarkScenario(
        "insert", summary: "Inserts as many posts as the dataset has, one save",
        variants: LayersSuite.Layer.self, setup: LayersState.init,
        reset: { state, _ in try state.restore() },
        body: { state, layer in
            let count = state.size
            switch layer {
            case .coredata:
                try state.suite.engine { context in
                    for index in 0..<count { Post(context: context).fill(index) }
                    try context.save()
                }
            case .swiftdata:
                try state.swiftData { context in
                    for index in 0..<count {
                        let post = Post(modelContext: context)
                        post.fill(index)
                        context.insert(post)
                    }
                    try context.save()
                }
            case .raw:
                try state.suite.raw { connection in
                    try connection.transaction { try insertRaw(connection, 0..<count) }
                }
            }
        },
        verify: { try BatchOpsSuite.digest($0.suite.store.connection) })

    /// `layers/insert-autosave`.
    static let autosave = BenchmarkScenario(
        "insert-autosave", summary: "Inserts as many posts as the dataset has, a save per 1,000",
        variants: LayersSuite.Layer.self, setup: LayersState.init,
        reset: { state, _ in try state.restore() },
        body: { state, layer in
            let count = state.size
            switch layer {
            case .coredata:
                try state.suite.engine { context in
                    for event in events(count) {
                        for index in event { Post(context: context).fill(index) }
                        try context.save()
                    }
                }
            case .swiftdata:
                try state.swiftData { context in
                    context.autosaveEnabled = true
                    defer { context.autosaveEnabled = false }
                    for event in events(count) {
                        for index in event {
                            let post = Post(modelContext: context)
                            post.fill(index)
                            context.insert(post)
                        }
                        context.processPendingChanges()
                    }
                    if let error = context.autosaveError { throw error }
                }
            case .raw:
                try state.suite.raw { connection in
                    for event in events(count) {
                        try connection.transaction { try insertRaw(connection, event) }
                    }
                }
            }
        },
        verify: { try BatchOpsSuite.digest($0.suite.store.connection) })

    /// `0..<count` in ranges of ``eventSize``.
    static func events(_ count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: eventSize).map { $0..<min($0 + eventSize, count) }
    }

    /// The rows of ``BatchOpsWork/values(_:)`` for `indexes`, bound straight from their
    /// values (the caller holds the transaction).
    static func insertRaw(_ connection: Connection, _ indexes: Range<Int>) throws {
        for index in indexes {
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
