import SQLiteDB
import Synchronization

/// How many times a row cache entry was replaced or removed: a fetched object keeps the
/// row its fetch cached and fills from it without the coordinator's lock as long as
/// this has not moved (``ManagedObjectContext/fulfill(_:)``). Read without the lock;
/// advanced under it.
final class RowCacheGeneration: Sendable {
    private let value = Atomic<UInt64>(0)

    /// The generation now.
    var current: UInt64 { value.load(ordering: .acquiring) }

    /// Marks that some entry was replaced or removed.
    func advance() {
        value.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }
}

/// The coordinator's cache of row snapshots, shared by every context of the store.
///
/// Fetches that carry property values put their rows here; firing a fault reads here
/// first and only runs SQL on a miss. An entry lives while some context has the object
/// registered (a reference count per entry): `reset()` on the last such context evicts
/// it, as Core Data ties row-cache entries to registered objects.
///
/// Not thread-safe on its own: the ``StoreCoordinator`` lock guards it.
struct RowCache {
    private struct Entry {
        var snapshot: RowSnapshot
        var references: Int
        /// When the row was read (monotonic nanoseconds), for staleness checks.
        var storedAt: UInt64
    }

    private var entries = ObjectTable<Entry>()
    /// The sum of every entry's references, so that a context letting go of all of them
    /// (the usual `reset()` of the only context) empties the table without a lookup per
    /// entry.
    private var totalReferences = 0
    /// Moves whenever an entry is replaced or removed (adding one does not move it).
    let generation = RowCacheGeneration()

    /// How many rows are cached.
    var count: Int { entries.count }

    /// The snapshot of `id`, if cached.
    func snapshot(for id: ObjectID) -> RowSnapshot? {
        entries[id]?.snapshot
    }

    /// The snapshot of `id` if cached and read less than `maxAge` nanoseconds before
    /// `now` (any age when `maxAge` is nil); with `retain`, a returned entry also gains
    /// a reference. One hash lookup for both: firing a fault runs this per object.
    mutating func snapshot(for id: ObjectID, maxAge: UInt64?, now: UInt64, retain: Bool)
        -> RowSnapshot?
    {
        let found =
            entries.modify(id) { entry -> RowSnapshot? in
                if let maxAge, now &- entry.storedAt >= maxAge { return nil }
                if retain { entry.references += 1 }
                return entry.snapshot
            } ?? nil
        if retain && found != nil { totalReferences += 1 }
        return found
    }

    /// Stores a snapshot read at `time`; `retain` adds one reference for a context that
    /// now holds it.
    mutating func store(_ snapshot: RowSnapshot, retain: Bool, at time: UInt64) {
        let added = retain ? 1 : 0
        totalReferences += added
        let entry = Entry(snapshot: snapshot, references: added, storedAt: time)
        if let old = entries.updateValue(entry, for: snapshot.objectID) {
            generation.advance()
            if old.references > 0 {
                entries.modify(snapshot.objectID) { $0.references += old.references }
            }
        }
    }

    /// Makes room for `count` more entries at once (a large fetch), so the table is
    /// not rehashed several times on the way.
    mutating func reserve(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// Drops one reference per ID, evicting entries nobody holds any more.
    mutating func release<S: Collection>(_ ids: S) where S.Element == ObjectID {
        if ids.count == totalReferences {
            // Every reference goes: each ID holds one, so no entry keeps any.
            removeAll()
            return
        }
        var removed = false
        for id in ids {
            entries.update(id) { entry in
                entry.references -= 1
                totalReferences -= 1
                if entry.references > 0 { return true }
                removed = true
                return false
            }
        }
        if removed { generation.advance() }
    }

    /// Removes an entry whatever its references (the row was deleted).
    mutating func evict(_ id: ObjectID) {
        totalReferences -= entries[id]?.references ?? 0
        entries[id] = nil
        generation.advance()
    }

    /// Empties the cache.
    mutating func removeAll() {
        if entries.count > 0 { generation.advance() }
        entries.removeAll()
        totalReferences = 0
    }
}
