import Foundation
import ObjectGraph
import SQLiteDB
import SQLiteFaultInjection
import Synchronization
import TestSupport

/// A file store for the fault walks: three users with two posts each, two tags, some
/// posts tagged, opened in a background context. The snapshot is taken before any
/// fault is armed.
final class FaultStore: @unchecked Sendable {
    // Confined to the walk's thread: the walk prepares, runs and verifies in turn.
    let container: PersistentContainer
    let context: ManagedObjectContext
    let path: String
    /// The state before the operation.
    private(set) var before: StoreSnapshot

    init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("store.sqlite").path
        container = PersistentContainer(name: "Faults", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        try Self.seed(container)
        context = container.newBackgroundContext()
        before = try StoreSnapshot(path: path)
    }

    private static func seed(_ container: PersistentContainer) throws {
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let tags = (0..<2).map { index in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue("t\(index)", forKey: "name")
                return tag
            }
            for index in 0..<3 {
                let user = context.insertNewObject(forEntityName: "User")
                user.setValue("u\(index)", forKey: "name")
                user.setValue(Int64(20 + index), forKey: "age")
                for number in 0..<2 {
                    let post = context.insertNewObject(forEntityName: "Post")
                    post.setValue("p\(index)-\(number)", forKey: "title")
                    post.setValue(user, forKey: "author")
                    if index < 2 { try post.addObject(tags[number], toRelationship: "tags") }
                }
            }
            try context.save()
        }
    }

    /// The object of `entity` whose `key` is `value`.
    func object(_ entity: String, _ key: String, _ value: String) throws -> ManagedObject {
        let request = FetchRequest(entityName: entity)
        request.predicate = try FetchPredicate(format: "%K == %@", key, value)
        return try context.fetch(request)[0]
    }

    /// Another connection writes the store (a table of its own: SQLite skips writing a
    /// page whose content does not change), so the context's connection finds its page
    /// cache stale and reads pages back in the next operation.
    func chillCache() throws {
        let other = try Connection(location: .file(path))
        try other.execute(script: "CREATE TABLE OTHER (x); INSERT INTO OTHER VALUES (1)")
        try other.close()
        before = try StoreSnapshot(path: path)
    }

    /// Inserts, updates, deletes and relationship changes, left unsaved in `context`.
    func makeChanges() throws {
        try context.performAndWait {
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("new", forKey: "name")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue("new-post", forKey: "title")
            post.setValue(user, forKey: "author")
            try post.addObject(try object("Tag", "name", "t1"), toRelationship: "tags")
            try object("User", "name", "u0").setValue("u0-renamed", forKey: "name")
            try object("Post", "title", "p1-1").setValue(2.5, forKey: "score")
            context.delete(try object("Post", "title", "p2-1"))
            try object("Post", "title", "p0-1").setValue(
                try object("User", "name", "u1"), forKey: "author")
            let tagged = try object("Post", "title", "p1-0")
            try tagged.removeObject(try object("Tag", "name", "t0"), fromRelationship: "tags")
            try tagged.addObject(try object("Tag", "name", "t1"), toRelationship: "tags")
        }
    }
}

/// A check inside a fault walk failed; the walk names the trial.
struct FaultCheckFailure: Error, CustomStringConvertible {
    let description: String
}

/// Throws `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw FaultCheckFailure(description: message()) }
}

/// The state every successful trial must produce, learned from the first success from
/// each starting point: the starting point is which keys were taken (a persistent
/// fault can leave reserved keys taken, which shifts the keys a retry assigns).
final class ExpectedState: Sendable {
    private let states = Mutex<[[String]: StoreSnapshot]>([:])

    /// Records the first success's state from `start` and checks later ones against it.
    func check(_ snapshot: StoreSnapshot, from start: StoreSnapshot, what: String) throws {
        let expected = states.withLock { states in
            if let known = states[start.keyCounters] { return known }
            states[start.keyCounters] = snapshot
            return snapshot
        }
        try ObjectGraphTests.check(
            snapshot == expected, "\(what): the store holds\n\(snapshot)\nnot\n\(expected)")
    }

    /// The state a success from `start` produced, once one was seen.
    func state(from start: StoreSnapshot) -> StoreSnapshot? {
        states.withLock { $0[start.keyCounters] }
    }
}

/// The checks every trial of a store walk makes: sound file, old state after a
/// failure (live and after a crash), new state after success, and a retry that works.
enum StoreFaultChecks {
    static func verify(
        _ store: FaultStore, directory: URL, plan: FaultPlan?, failure: (any Error)?,
        expected: ExpectedState, retry: () throws -> Void
    ) throws -> String? {
        let integrity = try StoreSnapshot.integrity(path: store.path)
        try check(integrity == "ok", "integrity_check: \(integrity)")
        var start = store.before
        var note: String?
        if let failure {
            let text = "\(failure)"
            try check(text.contains("SQLITE_"), "unclear error: \(text)")
            start = try StoreSnapshot(path: store.path)
            try checkUnchanged(start, store: store, plan: plan, what: "the store")
            note = try checkCrashImage(store, directory: directory, expected: expected)
            try retry()
        }
        try expected.check(try StoreSnapshot(path: store.path), from: start, what: "after success")
        return note
    }

    /// What a crash right after the failure would leave: sound, and the old rows or the
    /// new ones whole (a failed fsync can still leave the WAL's commit frames on disk,
    /// which recovery then keeps); taken keys may have advanced. Notes anything but the
    /// old state.
    private static func checkCrashImage(
        _ store: FaultStore, directory: URL, expected: ExpectedState
    ) throws -> String? {
        let (crashed, integrity) = try StoreSnapshot.afterCrash(
            path: store.path, scratch: directory.appendingPathComponent("crash"))
        try check(integrity == "ok", "after a crash, integrity_check: \(integrity)")
        let rows = crashed.withoutKeyCounters
        if crashed == store.before { return nil }
        if rows == store.before.withoutKeyCounters { return "a crash would keep keys taken" }
        let new = expected.state(from: store.before)
        try check(
            rows == new?.withoutKeyCounters, "failed, yet a crash now would find:\n\(crashed)")
        return "a crash would keep the new state"
    }

    /// The old state exactly; after a persistent fault, the old rows with key counters
    /// possibly advanced (the save could not give its reserved keys back).
    private static func checkUnchanged(
        _ now: StoreSnapshot, store: FaultStore, plan: FaultPlan?, what: String
    ) throws {
        if plan?.isPersistent == true {
            try check(
                now.withoutKeyCounters == store.before.withoutKeyCounters,
                "failed, yet \(what) holds:\n\(now)")
        } else {
            try check(now == store.before, "failed, yet \(what) holds:\n\(now)")
        }
    }
}
