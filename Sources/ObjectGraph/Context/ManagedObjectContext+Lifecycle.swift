extension ManagedObjectContext {
    /// Discards every unsaved change: inserted objects leave the context, deleted ones
    /// come back, changed ones return to their committed values. As in Core Data, the
    /// undo manager's actions are removed too (they describe changes no longer there).
    ///
    /// Cost: no SQL.
    public func rollback() {
        checkQueue()
        undoManager?.removeAllActions()
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
    }

    /// Forgets every object: the context is as new, and the row-cache entries only it
    /// held are evicted, so firing faults again runs SQL. The undo manager's actions,
    /// which name the forgotten objects, are removed, as Core Data does.
    public func reset() {
        checkQueue()
        undoManager?.removeAllActions()
        let references = registered.values.filter(\.holdsCacheReference).map(\.objectID)
        coordinator.withRowCache { $0.release(references) }
        for object in registered.values { object.managedObjectContext = nil }
        registered.removeAll()
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        deleteRuleFailures.removeAll()
        observers.clearPending()
    }

    /// Turns an object back into a fault so that its next access reloads its values.
    ///
    /// With `mergeChanges` false its unsaved changes are dropped too; with true they are
    /// kept and reapplied over the reloaded values. The next access reads the row cache
    /// when the entry is there, else runs one SELECT.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        checkQueue()
        guard !object.isInserted else { return }
        if !mergeChanges {
            object.discardChanges()
            updated.remove(object)
        }
        object.snapshot = nil
        object.partial = nil
        for index in object.toMany.keys { object.toMany[index]!.committed = nil }
        trackRefreshed(CollectionOfOne(object.objectID))
    }
}
