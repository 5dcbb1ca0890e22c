import Foundation
import ObjectGraph
import SQLiteDB
import SQLiteFaultInjection
import TestSupport
import Testing

/// Part 1 of the reliability issue: an I/O fault (error, full disk, short write, busy
/// lock) at every I/O call of a save and of each batch request, with the page cache
/// warm and after another connection's write (so pages are read back). After each: a
/// clear error naming the SQLite code, a sound file holding exactly the old state (live,
/// and as a crash would leave it), and the same call retried succeeds; after a reported
/// success, the new state. Outcomes print as `fault walk, …` lines.
@Suite struct SaveFaultTests {
    /// Walks faults over `operation` on fresh stores changed by `change`.
    @discardableResult
    static func walk(
        _ name: String, cache: String, persistent: [IOCall] = [],
        change: @escaping (FaultStore) throws -> Void = { _ in },
        operation: @escaping (FaultStore) throws -> Void
    ) throws -> FaultWalkSummary {
        let directory = try TemporaryDirectory()
        let expected = ExpectedState()
        let walk = FaultWalk<FaultStore>(
            prepare: { directory in
                let store = try FaultStore(directory: directory)
                try change(store)
                if cache == "cold" { try store.chillCache() }
                return store
            },
            operation: operation,
            verify: { store, directory, plan, failure in
                let note = try StoreFaultChecks.verify(
                    store, directory: directory, plan: plan, failure: failure, expected: expected
                ) { try operation(store) }
                try check(!store.context.performAndWait { store.context.hasChanges }, "unsaved")
                return note
            })
        let summary = try walk.run(in: directory.url, persistent: persistent)
        print("fault walk, \(name) (\(cache) page cache): \(summary)")
        #expect(summary.outcomes.values.reduce(0, +) == summary.trials)
        return summary
    }

    @Test(
        "a fault at any I/O call of a save of inserts, updates, deletes and relationships",
        arguments: ["warm", "cold"])
    func save(_ cache: String) throws {
        let summary = try Self.walk(
            "save", cache: cache, persistent: [.write], change: { try $0.makeChanges() },
            operation: { store in try store.context.performAndWait { try store.context.save() } })
        // Every failure is a SaveError, reads of the changed objects' rows included (a
        // cold cache's reads used to surface as a bare SQLiteError).
        #expect(
            summary.outcomes.keys.allSatisfy { $0.hasPrefix("SaveError") || $0 == "succeeded" },
            "\(summary)")
        #expect(summary.outcomes.keys.contains { $0.hasPrefix("SaveError SQLITE_IOERR_LOCK") })
    }

    @Test("a fault at any I/O call of a batch insert", arguments: ["warm", "cold"])
    func batchInsert(_ cache: String) throws {
        try Self.walk("batch insert", cache: cache) { store in
            let request = BatchInsertRequest(
                entityName: "User",
                objects: (0..<20).map { ["name": "b\($0)", "age": Int64($0)] })
            _ = try store.context.performAndWait { try store.context.execute(request) }
        }
    }

    @Test("a fault at any I/O call of a batch update", arguments: ["warm", "cold"])
    func batchUpdate(_ cache: String) throws {
        try Self.walk("batch update", cache: cache) { store in
            let request = BatchUpdateRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "title BEGINSWITH %@", "p1")
            request.propertiesToUpdate = ["score": 9.5, "isDraft": true]
            _ = try store.context.performAndWait { try store.context.execute(request) }
        }
    }

    @Test("a fault at any I/O call of a batch delete with cascades", arguments: ["warm", "cold"])
    func batchDelete(_ cache: String) throws {
        try Self.walk("batch delete", cache: cache) { store in
            let fetch = FetchRequest(entityName: "User")
            fetch.predicate = try FetchPredicate(format: "name IN %@", ["u0", "u2"])
            let request = BatchDeleteRequest(fetchRequest: fetch)
            _ = try store.context.performAndWait { try store.context.execute(request) }
        }
    }
}
