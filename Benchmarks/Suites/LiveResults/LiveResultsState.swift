import BenchKit
import ObjectGraph
import SQLiteDB

/// One `live-results` case: the dataset copy, and per iteration the controller (or
/// nothing, for `refetch` and `raw`) and the posts the save will change.
struct LiveResultsState {
    let suite: SuiteState
    let inside: Bool
    private var controller: FetchedResultsController?
    private var counter = DiffCounter()
    private var targets: [ManagedObject] = []
    private var targetKeys: [Int64] = []

    init(suite: SuiteState, inside: Bool) {
        self.suite = suite
        self.inside = inside
    }

    /// Untimed: a fresh dataset copy, `variant`'s controller and its fetch, the targets
    /// loaded.
    mutating func prepare(_ variant: LiveResultsSuite.Variant) throws {
        try suite.restoreDataset()
        controller = nil
        counter = DiffCounter()
        let batchSize: Int
        switch variant {
        case .raw:
            targetKeys = try suite.raw(Self.rawTargets(inside: inside))
            return
        case .batch20, .refetch: batchSize = 20
        case .batch0: batchSize = 0
        }
        let watch = variant != .refetch
        let counter = counter
        (controller, targets) = try suite.engine { context in
            var controller: FetchedResultsController?
            if watch {
                controller = FetchedResultsController(
                    fetchRequest: try LiveResultsSuite.request(batchSize: batchSize),
                    managedObjectContext: context, sectionNameKeyPath: nil)
                controller?.delegate = counter
                try controller?.performFetch()
            }
            let targets = Array(try context.fetch(LiveResultsSuite.targets(inside: inside)))
            for post in targets { _ = post.value(forKey: "likes") }
            return (controller, targets)
        }
    }

    /// Timed: the K changes, the save, the list current again; the checksum.
    func run(_ variant: LiveResultsSuite.Variant) throws -> UInt64 {
        if variant == .raw { return try suite.raw { try runRaw($0) } }
        return try suite.engine { context in
            for (index, post) in targets.enumerated() {
                let likes = post.value(forKey: "likes") as? Int64 ?? 0
                post.setValue(likes + 1, forKey: "likes")
                post.setValue("edited \(index)", forKey: "title")
            }
            try context.save()
            if let controller {
                return Self.checksum(count: controller.count, changedResults: counter.changed)
            }
            let ids = try context.fetchObjectIDs(LiveResultsSuite.request(batchSize: 20))
            let changed = Set(targets.map(\.objectID))
            return Self.checksum(
                count: ids.count, changedResults: ids.filter(changed.contains).count)
        }
    }

    private func runRaw(_ connection: Connection) throws -> UInt64 {
        try connection.transaction(.exclusive) {
            for (index, key) in targetKeys.enumerated() {
                try connection.execute(
                    "UPDATE ZPOST SET ZLIKES = ZLIKES + 1, ZTITLE = \("edited \(index)"), "
                        + "Z_OPT = Z_OPT + 1 WHERE Z_PK = \(key)")
            }
        }
        let changed = Set(targetKeys)
        var count = 0
        var changedResults = 0
        try connection.forEachRow(
            "SELECT t0.Z_PK FROM ZPOST t0 WHERE t0.ZSTATUS != \(LiveResultsSuite.excluded) "
                + "ORDER BY t0.ZCREATEDAT DESC, t0.Z_PK"
        ) { row in
            count += 1
            if changed.contains(row.int64(at: 0)) { changedResults += 1 }
        }
        return Self.checksum(count: count, changedResults: changedResults)
    }

    private static func rawTargets(inside: Bool) -> (Connection) throws -> [Int64] {
        { connection in
            try connection.fetchAll(
                "SELECT t0.Z_PK FROM ZPOST t0 WHERE t0.ZSTATUS = \(inside ? "published" : LiveResultsSuite.excluded) "
                    + "ORDER BY t0.ZCREATEDAT LIMIT \(raw: String(LiveResultsSuite.changes))"
            ) { $0.int64(at: 0) }
        }
    }

    private static func checksum(count: Int, changedResults: Int) -> UInt64 {
        var checksum = Checksum()
        checksum.combine(count)
        checksum.combine(changedResults)
        return checksum.value
    }
}

/// Counts the changed posts a controller reports as updated or moved (results that
/// changed), across the diffs of one iteration.
final class DiffCounter: FetchedResultsControllerDelegate {
    private(set) var changed = 0

    func controller(_ controller: FetchedResultsController, didChange change: FetchedResultsChange)
    {
        switch change {
        case .update, .move: changed += 1
        case .insert, .delete: break
        }
    }
}
