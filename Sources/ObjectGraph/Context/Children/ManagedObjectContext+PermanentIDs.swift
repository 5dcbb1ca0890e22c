import SQLiteDB

extension ManagedObjectContext {
    /// Gives inserted objects their permanent IDs now, before any save, as Core Data's
    /// `obtainPermanentIDs(for:)`: useful to hand an ID to another context or to keep
    /// it in a URI before saving. Works in child contexts too (the keys come from the
    /// store); objects already permanent are skipped.
    ///
    /// Cost: the key reservation a save would run (BEGIN EXCLUSIVE, `SELECT Z_MAX`
    /// and `UPDATE Z_PRIMARYKEY` per entity hierarchy, COMMIT); the later save then
    /// runs none for these objects. No SQL when no object needs a key.
    ///
    /// - Parameter objects: Objects of this context; those already permanent, or not inserted, are
    ///   skipped.
    /// - Throws: ``SaveError/sqlite(_:objects:)`` when the keys cannot be reserved.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506875-obtainpermanentids
    public func obtainPermanentIDs(for objects: [ManagedObject]) throws {
        checkQueue()
        let pending = objects.filter {
            $0.managedObjectContext === self && $0.isInserted && $0.objectID.isTemporaryID
        }
        var counts: [Int: Int] = [:]
        for object in pending { counts[object.entity.rootID, default: 0] += 1 }
        guard !counts.isEmpty else { return }
        let reservations: [StoreCoordinator.KeyReservation]
        do {
            reservations = try coordinator.reservePrimaryKeys(counts)
        } catch let error as SQLiteError {
            throw SaveError.sqlite(error, objects: pending.map(\.objectID))
        }
        var next = Dictionary(
            uniqueKeysWithValues: reservations.map { ($0.entityID, $0.previousMax + 1) })
        var renames: [ObjectID: ObjectID] = [:]
        for object in pending {
            let root = object.entity.rootID
            let permanent = ObjectID(
                entity: object.entity, primaryKey: next[root]!, store: coordinator.storeUUID)
            next[root]! += 1
            renames[object.objectID] = permanent
        }
        adoptPermanentIDs(renames)
    }
}
