extension ManagedObjectContext {
    /// A child's save: its changes become the parent's unsaved changes (the parent's
    /// objects are faulted in from the row cache or the store if needed, the parent's
    /// delete rules run on deleted objects), then the child takes its current values as
    /// committed. No SQL unless the parent must fire a fault whose row is not cached.
    ///
    /// - Returns: the did-save (IDs as the child knows them: inserted ones temporary).
    func pushToParent(_ parent: ManagedObjectContext) throws -> ContextNotification {
        let changes =
            inserted.objects.map { PushedChange($0, kind: .inserted) }
            + updated.objects.filter(\.hasPropertyChanges).map { PushedChange($0, kind: .updated) }
            + deleted.objects.map { PushedChange($0, kind: .deleted) }
        try parent.performAndWait {
            try parent.apply(changes)
        }
        let note = ContextNotification(
            name: .didSave, context: self, inserted: Set(inserted.objects.map(\.objectID)),
            updated: Set(changes.filter { $0.kind == .updated }.map(\.id)),
            deleted: Set(deleted.objects.map(\.objectID)))
        didPush()
        return note
    }

    /// Applies a child's changes: inserts first (so that the others can refer to the
    /// new objects), then updates, then deletes.
    private func apply(_ changes: [PushedChange]) throws {
        for change in changes where change.kind == .inserted {
            let object = change.id.entity.makeObject(change.id, context: self)
            _ = insert(object)
        }
        for change in changes where change.kind != .deleted {
            let object = registeredForChild(change.id) ?? object(with: change.id)
            try fulfill(object)
            for (index, value) in change.attributes { object.setAttributeValue(value, at: index) }
            for (index, target) in change.toOnes {
                object.setToOnePrimitive(index, target.map(resolvedForChild))
            }
            for toMany in change.toManys { try apply(toMany, to: object) }
            noteChange(object)
        }
        for change in changes where change.kind == .deleted {
            delete(registeredForChild(change.id) ?? object(with: change.id))
        }
    }

    private func apply(_ change: PushedChange.ToMany, to object: ManagedObject) throws {
        for id in change.removed {
            try object.removeFromToManyPrimitive(change.index, resolvedForChild(id))
        }
        for id in change.added {
            try object.addToManyPrimitive(change.index, resolvedForChild(id))
        }
        if let order = change.order {
            object.toMany.modify(change.index) { $0.order = order.map(resolvedForChild) }
        }
    }

    /// After a push: the child's current values become its committed ones; deleted
    /// objects leave it; the change lists empty.
    private func didPush() {
        for object in [inserted.objects, updated.objects].joined() {
            object.snapshot = RowSnapshot.make(
                objectID: object.objectID, version: object.snapshot?.version ?? 0,
                values: childRowValues(of: object))
            object.attributeChanges.removeAll()
            object.toOneChanges = [:]
            let isInserted = object.isInserted
            object.toMany.modifyAll { state in
                if isInserted { state.committed = [] }
                state.commit { $0 }
            }
            object.isInserted = false
        }
        let references = deleted.objects.filter(\.holdsCacheReference).map(\.objectID)
        if !references.isEmpty { coordinator.withRowCache { $0.release(references) } }
        for object in deleted.objects {
            object.holdsCacheReference = false
            registered[object.objectID] = nil
            object.managedObjectContext = nil
            object.isDeleted = false
        }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
    }
}
