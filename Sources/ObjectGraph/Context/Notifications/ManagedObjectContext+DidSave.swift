extension ManagedObjectContext {
    /// Whether a save must build its did-save notification: someone observes it, or
    /// some context merges it.
    ///
    /// Cost: a lock per merge list, no allocation (a save runs it once).
    var wantsDidSave: Bool {
        observers.observes(.didSave) || !(parent?.children ?? coordinator.mergeTargets).isEmpty
            || !children.isEmpty
    }

    /// The contexts that merge this context's saves: the automatically merging roots
    /// of the store (for a root) or siblings (for a child), and this context's
    /// automatically merging children.
    var mergeRecipients: [ManagedObjectContext] {
        let peers = parent?.children.contexts ?? coordinator.mergeTargets.contexts
        return (peers + children.contexts).filter {
            $0 !== self && $0.automaticallyMergesChangesFromParent
        }
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

    /// Posts a did-save to the context's observers, then schedules its merge into
    /// every recipient (on each recipient's queue, without waiting: a parent never
    /// waits on a child).
    func announce(_ note: ContextNotification) {
        post(note)
        for recipient in mergeRecipients {
            recipient.perform { recipient.mergeChanges(fromContextDidSave: note) }
        }
    }
}
