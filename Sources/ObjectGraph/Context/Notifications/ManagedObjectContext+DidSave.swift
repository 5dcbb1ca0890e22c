extension ManagedObjectContext {
    /// Whether a save must build its did-save notification: someone observes it.
    var wantsDidSave: Bool {
        observers.observes(.didSave)
    }

    /// The did-save of a root save about to be applied: the written IDs (inserted ones
    /// permanent) and the temporary-to-permanent renames. `operations` starts with the
    /// inserts in ``inserted`` order.
    func didSaveNotification(_ operations: [WriteOperation]) -> ContextNotification {
        var inserted = Set<ObjectID>()
        var updated = Set<ObjectID>()
        var deleted = Set<ObjectID>()
        var renames: [ObjectID: ObjectID] = [:]
        for object in self.inserted.objects {
            let permanent = object.pendingPermanentID ?? object.objectID
            inserted.insert(permanent)
            if object.objectID != permanent { renames[object.objectID] = permanent }
        }
        for operation in operations {
            switch operation {
            case .update(let update): updated.insert(update.result.objectID)
            case .delete(let id, _): deleted.insert(id)
            default: continue
            }
        }
        return ContextNotification(
            name: .didSave, context: self, inserted: inserted, updated: updated, deleted: deleted,
            permanentIDs: renames)
    }

    /// Posts a did-save to the context's observers.
    func announce(_ note: ContextNotification) {
        post(note)
    }
}
