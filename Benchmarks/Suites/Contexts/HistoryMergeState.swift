import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// One `contexts/history-merge` case: the measured store (history tracked), the other process
/// (a second container on the same file) and what the context holds.
struct HistoryMergeState {
    let suite: SuiteState
    private let writer: PersistentContainer
    private let writerContext: ManagedObjectContext
    private let writerTargets: [ManagedObject]
    private var held: [ManagedObject] = []
    private var heldKeys: [Int64] = []
    private var token: PersistentHistoryToken?
    private var marker: Int64 = 1_000_000

    init(_ context: CaseContext) throws {
        suite = try SuiteState(context, schema: .social, historyTracking: true)
        writer = PersistentContainer(name: "writer", model: DatasetSchema.social.model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: suite.store.path))
        description.isPersistentHistoryTrackingEnabled = true
        writer.persistentStoreDescriptions = [description]
        writer.sqlDebugLog = nil
        try writer.loadPersistentStores()
        writerContext = writer.newBackgroundContext()
        writerTargets = try writerContext.performAndWait { [writerContext] in
            let posts = Array(try writerContext.fetch(ContextsHistoryMerge.heldRequest()))
            return stride(from: 0, to: posts.count, by: ContextsHistoryMerge.stride).map {
                posts[$0]
            }
        }
    }

    /// Untimed: the context holds the H posts loaded and knows the history so far;
    /// then the other process saves new likes for K of them.
    mutating func prepare() throws {
        marker += 1
        if suite.configuration.kind == .raw {
            heldKeys = try suite.raw { connection in
                try connection.fetchAll(
                    "SELECT t0.Z_PK FROM ZPOST t0 ORDER BY t0.ZCREATEDAT LIMIT "
                        + "\(raw: String(ContextsHistoryMerge.held))"
                ) { $0.int64(at: 0) }
            }
        } else {
            let known = token
            (held, token) = try suite.engine { context in
                context.reset()
                let held = Array(try context.fetch(ContextsHistoryMerge.heldRequest()))
                for post in held { _ = post.value(forKey: "likes") }
                let seen = try context.execute(.fetchHistory(after: known)).transactions
                return (held, seen.last?.token ?? known)
            }
        }
        let marker = marker
        try writerContext.performAndWait { [writerContext, writerTargets] in
            for post in writerTargets { post.setValue(marker, forKey: "likes") }
            try writerContext.save()
        }
    }

    /// Timed: fetch the transactions after the token and merge them, then read.
    mutating func mergeFromHistory() throws -> UInt64 {
        let known = token
        let (found, last) = try suite.engine { context in
            let found = try context.execute(.fetchHistory(after: known)).transactions
            context.mergeChanges(fromHistory: found)
            return (found.count, found.last?.token)
        }
        token = last ?? token
        precondition(found > 0, "the other process's save left no history")
        return try checksumOfHeld()
    }

    /// Timed: reset and fetch the held posts again, then read.
    mutating func refetch() throws -> UInt64 {
        held = try suite.engine { context in
            context.reset()
            return Array(try context.fetch(ContextsHistoryMerge.heldRequest()))
        }
        return try checksumOfHeld()
    }

    /// Timed: the held posts' likes through SQLiteDB.
    func selectRaw() throws -> UInt64 {
        let keys = IntegerList(heldKeys)
        let likes = try suite.raw { connection in
            try connection.fetchAll(
                "SELECT t0.ZLIKES FROM ZPOST t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
            ) { $0.int64(at: 0) }
        }
        return Self.checksum(count: likes.count, changed: likes.filter { $0 == marker }.count)
    }

    private func checksumOfHeld() throws -> UInt64 {
        let marker = marker
        let held = held
        let changed = try suite.engine { _ in
            held.filter { $0.value(forKey: "likes") as? Int64 == marker }.count
        }
        return Self.checksum(count: held.count, changed: changed)
    }

    private static func checksum(count: Int, changed: Int) -> UInt64 {
        var checksum = Checksum()
        checksum.combine(count)
        checksum.combine(changed)
        return checksum.value
    }
}
