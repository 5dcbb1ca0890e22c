extension ManagedObjectContext {
    /// Unregisters the objects of `ids` that have no unsaved changes and that nothing
    /// but the context holds, dropping their row-cache references: Core Data's context
    /// holds unchanged objects weakly, and this is how batched fetch results let the
    /// objects of batches no longer in use go.
    ///
    /// Cost: one registry lookup per ID and one row-cache lock for all of them; no SQL.
    /// An object released here is a new fault the next time its ID is asked for.
    ///
    /// - Returns: how many objects were released.
    @discardableResult
    func releaseUnreferenced(_ ids: [ObjectID]) -> Int {
        var cached: [ObjectID] = []
        cached.reserveCapacity(ids.count)
        var count = 0
        for id in ids {
            registered.update(id) { object in
                guard !object.hasChanges, isKnownUniquelyReferenced(&object) else { return true }
                if object.holdsCacheReference { cached.append(id) }
                object.managedObjectContext = nil
                count += 1
                return false
            }
        }
        if !cached.isEmpty { coordinator.withRowCache { $0.release(cached) } }
        coordinator.statistics.record { $0.objectsReleased += count }
        return count
    }
}
