import SQLiteDB

/// The storage of batched ``FetchResults``: the fetched IDs in order, which batches
/// were loaded, and the objects of the one in use. Moving to another batch asks the
/// context to let go of the previous batch's objects that nothing else holds and that
/// have no changes, so a scan keeps about one batch resident. An object of an earlier
/// batch that something still holds stays registered, and is found in the context's
/// registry (no weak reference per object, which would allocate a side table each).
///
/// A batch loads with `SELECT … FROM ZPOST t0 WHERE t0.Z_PK IN (SELECT * FROM
/// _Z_intarray0(?)) LIMIT B` (no ORDER BY: the order is the ID list's), then the
/// request's prefetch key paths run for that batch only.
final class BatchFaultingArray {
    /// The fetched IDs, in order.
    let ids: [ObjectID]
    private let batchSize: Int
    private let entity: Entity
    private let prefetchKeyPaths: [String]
    private let asFaults: Bool
    private weak var context: ManagedObjectContext?
    private var loaded: [Bool]
    private var current: [ManagedObject] = []
    private var currentBatch = 0

    /// A proxy over `ids`, loading `batchSize` objects at a time into `context`.
    init(
        ids: [ObjectID], request: AnyFetchRequest, entity: Entity, context: ManagedObjectContext
    ) {
        self.ids = ids
        self.batchSize = request.fetchBatchSize
        self.entity = entity
        self.prefetchKeyPaths = request.relationshipKeyPathsForPrefetching
        self.asFaults = request.returnsObjectsAsFaults
        self.context = context
        loaded = Array(repeating: false, count: (ids.count + batchSize - 1) / batchSize)
    }

    /// How many objects the fetch selected.
    var count: Int { ids.count }

    /// The object at `index`: from the batch in use, else still registered from an
    /// earlier load of its batch, else its batch is loaded.
    func object(at index: Int) -> ManagedObject {
        let batch = index / batchSize
        let offset = index - batch * batchSize
        if batch == currentBatch && offset < current.count { return current[offset] }
        if loaded[batch], let object = context?.registered[ids[index]] { return object }
        let objects = load(batch)
        let previous = current.map(\.objectID)
        current = objects
        loaded[batch] = true
        if !previous.isEmpty { context?.releaseUnreferenced(previous) }
        currentBatch = batch
        return objects[offset]
    }

    /// Loads one batch. A failing SELECT is not thrown from a subscript: the objects
    /// then come back as plain faults, whose first access runs its own SELECT and
    /// reports the error there.
    private func load(_ batch: Int) -> [ManagedObject] {
        guard let context else {
            preconditionFailure("batched fetch results read after their context was freed")
        }
        let slice = ids[(batch * batchSize)..<min(ids.count, (batch + 1) * batchSize)]
        do {
            return try fetch(Array(slice), batch: batch, in: context)
        } catch {
            return slice.map { context.object(with: $0) }
        }
    }

    private func fetch(_ slice: [ObjectID], batch: Int, in context: ManagedObjectContext)
        throws -> [ManagedObject]
    {
        let coordinator = context.coordinator
        let rows = try coordinator.fetchBatch(
            of: entity, keys: slice.compactMap(\.primaryKey), limit: batchSize)
        let fetched = context.register(rows, asFaults: asFaults)
        coordinator.statistics.record { $0.batchesLoaded += 1 }
        coordinator.trace?.batchFulfilled(batch: batch, of: loaded.count, rows: rows.count)
        // Rows come back in key order, not the slice's: every row is registered now, so
        // the registry puts them in order (a missing row's ID becomes a plain fault).
        let objects = slice.map { context.object(with: $0) }
        if !prefetchKeyPaths.isEmpty {
            try Prefetcher(context: context).prefetch(prefetchKeyPaths, for: fetched, root: entity)
        }
        return objects
    }
}
