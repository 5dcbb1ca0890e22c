extension FetchedResultsController {
    /// Observes the context: its did-save (its own saves, with permanent IDs) and its
    /// objects-did-change for objects without unsaved changes (merges and refreshes;
    /// unsaved local edits wait for the save, so the controller shows saved state).
    ///
    /// Cost: while the controller lives, the context tracks changed objects for
    /// objects-did-change (an array append per change).
    func startObserving() {
        guard observations.isEmpty else { return }
        let context = managedObjectContext
        let saves = context.observe(.didSave) { [weak self] note in
            self?.processChanges(
                inserted: Array(note.insertedObjectIDs), updated: Array(note.updatedObjectIDs),
                deleted: Array(note.deletedObjectIDs))
        }
        let merges = context.observe(.objectsDidChange) { [weak self] note in
            self?.processMerged(note)
        }
        observations = [saves, merges]
    }

    private func processMerged(_ note: ContextNotification) {
        let context = managedObjectContext
        let isPending = { (id: ObjectID) in
            id.isTemporaryID || context.registered[id]?.hasChanges == true
        }
        let updated = note.updatedObjectIDs.union(note.refreshedObjectIDs)
        processChanges(
            inserted: note.insertedObjectIDs.filter { !isPending($0) },
            updated: updated.filter { !isPending($0) },
            deleted: Array(note.invalidatedObjectIDs)
                + note.deletedObjectIDs.filter { !isPending($0) })
    }
}
