extension ManagedObjectContext {
    /// The key of inserted IDs in a change dictionary for
    /// ``mergeChanges(fromRemoteContextSave:into:)`` (Core Data's `NSInsertedObjectsKey`).
    public static let insertedObjectsKey = "inserted"
    /// The key of updated IDs (`NSUpdatedObjectsKey`).
    public static let updatedObjectsKey = "updated"
    /// The key of deleted IDs (`NSDeletedObjectsKey`).
    public static let deletedObjectsKey = "deleted"

    /// Tells live contexts about rows changed behind their back (batch requests, other
    /// coordinators): updated objects turn back into faults whose next access reads
    /// the new row; deleted ones leave their context and turn inaccessible (their
    /// context is nil, so key-value access throws ``KeyValueError/noContext(object:)``)
    /// and to-many relationships that listed them are read again; inserted rows need
    /// nothing, since fetches always read the store.
    ///
    /// ```swift
    /// let result = try context.execute(deleteRequest)   // resultType = .objectIDs
    /// ManagedObjectContext.mergeChanges(
    ///     fromRemoteContextSave: [ManagedObjectContext.deletedObjectsKey: result.objectIDs ?? []],
    ///     into: [container.viewContext])
    /// ```
    ///
    /// Cost: no SQL; row-cache entries of updated and deleted IDs are evicted, so the
    /// next access of each costs one SELECT. Runs on each context's queue (waiting).
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1619975-mergechanges
    public static func mergeChanges(
        fromRemoteContextSave changes: [String: [ObjectID]], into contexts: [ManagedObjectContext]
    ) {
        let updated = changes[updatedObjectsKey] ?? []
        let deleted = changes[deletedObjectsKey] ?? []
        for context in contexts {
            context.performAndWait {
                context.mergeRemote(updated: updated, deleted: deleted)
            }
        }
    }

    private func mergeRemote(updated updatedIDs: [ObjectID], deleted deletedIDs: [ObjectID]) {
        coordinator.withRowCache { cache in
            for id in updatedIDs { cache.evict(id) }
            for id in deletedIDs { cache.evict(id) }
        }
        for id in updatedIDs {
            guard let object = registered[id] else { continue }
            object.holdsCacheReference = false
            refresh(object, mergeChanges: true)
        }
        forgetDeleted(Set(deletedIDs))
    }
}
