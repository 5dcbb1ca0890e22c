extension ManagedObjectContext {
    /// Discards every unsaved change: inserted objects leave the context, deleted ones
    /// come back, changed ones return to their committed values. As in Core Data, the
    /// undo manager's actions are removed too (they describe changes no longer there).
    ///
    /// Observers of objects-did-change then hear (at the next processing of changes) of
    /// the dropped inserted objects as invalidated and of the restored changed and
    /// deleted objects as refreshed, so that a ``FetchedResultsController`` showing
    /// unsaved changes returns to the saved state.
    ///
    /// Cost: no SQL.
    public func rollback() {
        checkQueue()
        undoManager?.removeAllActions()
        let dropped = inserted.objects.map(\.objectID)
        let restored = (updated.objects + deleted.objects).map(\.objectID)
        for object in inserted.objects {
            registered[object.objectID] = nil
            object.managedObjectContext = nil
        }
        for object in registered.values { object.discardChanges() }
        for object in deleted.objects { object.isDeleted = false }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        deleteRuleFailures.removeAll()
        observers.clearPending()
        trackInvalidated(dropped)
        trackRefreshed(restored)
    }

    /// Forgets every object: the context is as new, and the row-cache entries only it
    /// held are evicted, so firing faults again runs SQL. The undo manager's actions,
    /// which name the forgotten objects, are removed, as Core Data does.
    ///
    /// When the context held objects, observers of objects-did-change are told at once
    /// with ``ContextNotification/invalidatedAll`` set and the forgotten IDs in
    /// ``ContextNotification/invalidatedAllObjectIDs`` (Core Data's
    /// `NSInvalidatedAllObjectsKey`); the other keys are empty, and changes not yet
    /// announced are dropped with the objects. A ``FetchedResultsController`` on the
    /// context fetches again (one SELECT) and reports the difference.
    ///
    /// Cost: no SQL itself; one pass over the registered objects.
    public func reset() {
        checkQueue()
        undoManager?.removeAllActions()
        let references = registered.values.filter(\.holdsCacheReference).map(\.objectID)
        coordinator.withRowCache { $0.release(references) }
        let forgotten =
            observers.observes(.objectsDidChange) ? Set(registered.values.map(\.objectID)) : []
        for object in registered.values { object.managedObjectContext = nil }
        registered.removeAll()
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        deleteRuleFailures.removeAll()
        observers.clearPending()
        guard !forgotten.isEmpty else { return }
        post(
            ContextNotification(
                name: .objectsDidChange, context: self, invalidatedAll: forgotten))
    }

    /// Brings an object's values up to date with the store, as Core Data's
    /// `refresh(_:mergeChanges:)`.
    ///
    /// With `mergeChanges` false its unsaved changes are dropped and it becomes a fault:
    /// its next access reloads its values. With true, an object without unsaved changes
    /// becomes a fault the same way; one with unsaved changes reloads its values now and
    /// keeps its changes over them, so it stays materialized (`isFault` false), which
    /// is what Core Data does ("the context reloads the object's property values from
    /// the store or the cache. Then the context applies local changes over the newly
    /// loaded values").
    ///
    /// Cost: no SQL for a fault made; a changed object reloaded with `mergeChanges`
    /// true reads the row cache when its entry is there and younger than
    /// ``stalenessInterval``, else runs one SELECT (when its row is gone it stays a
    /// fault, its changes kept).
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/refresh(_:mergechanges:)
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        checkQueue()
        guard !object.isInserted else { return }
        if !mergeChanges {
            object.discardChanges()
            updated.remove(object)
        }
        object.snapshot = nil
        object.partial = nil
        object.toMany.modifyAll { $0.committed = nil }
        if mergeChanges && object.hasPropertyChanges { try? fulfill(object) }
        trackRefreshed(CollectionOfOne(object.objectID))
    }
}
