extension FetchedResultsController {
    /// Observes the context: its objects-did-change, so that every change the context
    /// processes reaches the results, saved or not (Core Data's controller "processes
    /// any change in the context that affects the result set"), merges and refreshes
    /// included; and its did-save, only to rename the results' temporary IDs to the
    /// permanent ones a save gave them (and to drop objects a save deleted that no
    /// objects-did-change announced).
    ///
    /// Cost: while the controller lives, the context tracks changed objects for
    /// objects-did-change (an array append per change); a context without a controller
    /// or other objects-did-change observer pays one branch per change.
    func startObserving() {
        guard observations.isEmpty else { return }
        let context = managedObjectContext
        let saves = context.observe(.didSave) { [weak self] note in
            self?.processSaved(note)
        }
        let changes = context.observeIncludingMergeDetails(.objectsDidChange) {
            [weak self] note in
            self?.processContextChange(note)
        }
        observations = [saves, changes]
    }

    private func processContextChange(_ note: ContextNotification) {
        if note.invalidatedAll {
            processInvalidatedAll()
            return
        }
        let updated = note.updatedObjectIDs.union(note.refreshedObjectIDs)
            .union(note.mergedUpdateIDs)
        let deleted = note.deletedObjectIDs.union(note.mergedDeleteIDs)
            .union(note.invalidatedObjectIDs)
        processChanges(
            inserted: Array(note.insertedObjectIDs), updated: Array(updated),
            deleted: Array(deleted))
    }

    /// A save of this context: its changes were reported when they were processed; the
    /// results only take the permanent IDs (no object change is reported: the same
    /// objects, in the same places; the delegate's snapshot callback and the snapshot
    /// streams get the renamed snapshot).
    private func processSaved(_ note: ContextNotification) {
        if !note.permanentIDs.isEmpty, list.rename(note.permanentIDs) {
            sections = ResultSections.make(list, sectioned: sectionNameKeyPath != nil)
            deliverSnapshot()
        }
        processChanges(inserted: [], updated: [], deleted: Array(note.deletedObjectIDs))
    }
}
