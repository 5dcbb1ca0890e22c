extension ManagedObjectContext {
    /// Brings a did-save from another context into this one, as Core Data's
    /// `mergeChanges(fromContextDidSave:)`: registered objects that the save updated
    /// are refreshed (unsaved changes here are kept and win; loaded objects reload
    /// their values from the row cache the save filled, faults stay faults); deleted
    /// ones leave the context; inserted ones are faulted in (registered as faults, as
    /// Core Data's merge does, and held like every registered object until ``reset()``).
    ///
    /// One objects-did-change follows, keyed as Core Data keys it: the inserted IDs as
    /// inserted; the updated objects this context held loaded as *refreshed* (not as
    /// updated, which means changed and unsaved here; a fault or an object not
    /// registered here is not listed); the deleted objects this context held as
    /// deleted. Apple DTS, quoted in CoreDataPlus's suite run on Core Data: merging
    /// updated objects changes the context "when the updated objects are in use and not
    /// faulted", deleted ones "when the deleted objects are in use".
    ///
    /// ```swift
    /// let observation = background.observe(.didSave) { note in
    ///     view.perform { view.mergeChanges(fromContextDidSave: note) }
    /// }
    /// ```
    ///
    /// Cost: no SQL; one fault object per inserted object. Reloading uses the row cache
    /// only, and only entries younger than ``stalenessInterval``; with 0 the refreshed
    /// objects stay faults and each costs one SELECT on its next access. Call on this
    /// context's queue.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506606-mergechanges
    public func mergeChanges(fromContextDidSave note: ContextNotification) {
        checkQueue()
        precondition(note.name == .didSave, "mergeChanges(fromContextDidSave:) takes a did-save")
        guard note.context !== self else { return }
        processPendingChanges()
        adoptPermanentIDs(note.permanentIDs)
        let refreshed = refreshMerged(note.updatedObjectIDs, from: note)
        let held = note.deletedObjectIDs.filter { registered[$0] != nil }
        forgetDeleted(note.deletedObjectIDs)
        for id in note.insertedObjectIDs where registered[id] == nil {
            registered[id] = id.entity.makeObject(id, context: self)
        }
        guard observers.observes(.objectsDidChange) else { return }
        post(
            ContextNotification(
                name: .objectsDidChange, context: self, inserted: note.insertedObjectIDs,
                deleted: held, refreshed: refreshed, mergedUpdates: note.updatedObjectIDs,
                mergedDeletes: note.deletedObjectIDs))
    }

    /// Refreshes every registered object with ``refresh(_:mergeChanges:)`` and
    /// `mergeChanges` true (Core Data's `refreshAllObjects()`): objects without unsaved
    /// changes turn back into faults; changed ones reload and keep their changes,
    /// staying materialized (`isFault` false).
    ///
    /// Cost: no SQL for the faults made (each next access reads the row cache, entries
    /// younger than ``stalenessInterval``, or runs one SELECT); a changed object reloads
    /// now, from the row cache or with one SELECT.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506224-refreshallobjects
    public func refreshAllObjects() {
        checkQueue()
        for object in registered.values where !object.isFault {
            refresh(object, mergeChanges: true)
        }
    }

    // MARK: - Steps

    /// Refreshes the registered objects among `ids`; returns the IDs of those that were
    /// loaded (faults stay faults and are not listed).
    private func refreshMerged(_ ids: Set<ObjectID>, from note: ContextNotification)
        -> Set<ObjectID>
    {
        var refreshed = Set<ObjectID>()
        let maxAge = stalenessInterval < 0 ? nil : UInt64(stalenessInterval * 1e9)
        for id in ids {
            guard let object = registered[id], !object.isInserted else { continue }
            let wasLoaded = !object.isFault
            if wasLoaded { refreshed.insert(id) }
            object.snapshot = nil
            object.partial = nil
            object.toMany.modifyAll { $0.committed = nil }
            // A child's saves are not in the row cache; a child reloads from its parent.
            guard wasLoaded, parent == nil, note.context.parent == nil,
                object.holdsCacheReference, stalenessInterval != 0
            else { continue }
            object.snapshot = coordinator.cachedSnapshot(for: id, maxAge: maxAge)
        }
        return refreshed
    }

    /// Removes the registered objects among `ids` (their rows are gone) and drops the
    /// to-many lists that named any of them, so they are read again.
    func forgetDeleted(_ ids: Set<ObjectID>) {
        guard !ids.isEmpty else { return }
        for id in ids {
            guard let object = registered[id] else { continue }
            registered[id] = nil
            updated.remove(object)
            deleted.remove(object)
            object.discardChanges()
            // The save that deleted the row evicted its cache entry, references and all.
            object.holdsCacheReference = false
            object.snapshot = nil
            object.managedObjectContext = nil
        }
        for object in registered.values {
            for index in object.toMany.keys
            where object.toMany[index]!.committed?.contains(where: ids.contains) == true {
                object.toMany.modify(index) { $0.committed = nil }
            }
        }
    }

    /// Renames registered objects whose temporary IDs a root save made permanent (a
    /// child that pushed them, or a context that merges the root's save).
    func adoptPermanentIDs(_ renames: [ObjectID: ObjectID]) {
        guard !renames.isEmpty else { return }
        for (temporary, permanent) in renames {
            guard let object = registered[temporary], registered[permanent] == nil else {
                continue
            }
            registered[temporary] = nil
            object.objectID = permanent
            registered[permanent] = object
        }
        for object in registered.values { object.renameReferences(renames) }
    }
}
