import SQLiteDB

extension ManagedObjectContext {
    /// Undoes the last group of changes (``ContextUndoManager/undo(in:)``); nothing
    /// without an undo manager.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506645-undo
    public func undo() {
        checkQueue()
        undoManager?.undo(in: self)
    }

    /// Redoes the last undone group; nothing without an undo manager.
    public func redo() {
        checkQueue()
        undoManager?.redo(in: self)
    }

    // MARK: - Recording (one branch each without an undo manager)

    /// Records an attribute's value before it changes.
    @inline(__always)
    func willChangeAttribute(_ object: ManagedObject, _ index: Int) {
        guard recordsUndo, let undoManager, undoManager.registrationDisabledCount == 0 else {
            return
        }
        undoManager.record(
            .attribute(object, index: index, old: object.currentAttributeValue(index)))
    }

    /// Records a to-one's target before it changes.
    @inline(__always)
    func willChangeToOne(_ object: ManagedObject, _ index: Int) {
        guard recordsUndo, let undoManager, undoManager.registrationDisabledCount == 0 else {
            return
        }
        undoManager.record(.toOne(object, index: index, old: try? object.toOneID(index)))
    }

    /// Records a member added to or removed from one side of a to-many.
    @inline(__always)
    func didChangeToMany(_ object: ManagedObject, _ index: Int, _ member: ObjectID, added: Bool) {
        guard recordsUndo, let undoManager, undoManager.registrationDisabledCount == 0 else {
            return
        }
        undoManager.record(
            added
                ? .added(object, index: index, member: member)
                : .removed(object, index: index, member: member))
    }

    /// Records an insert or a delete.
    @inline(__always)
    func didInsertOrDelete(_ object: ManagedObject, deleted: Bool, wasInserted: Bool = false) {
        guard recordsUndo, let undoManager, undoManager.registrationDisabledCount == 0 else {
            return
        }
        undoManager.record(deleted ? .deleted(object, wasInserted: wasInserted) : .inserted(object))
    }

    // MARK: - Replaying

    /// Puts one recorded state back through the one-sided primitives (the other side
    /// of a relationship has its own records), so the replay is recorded for redo and
    /// marks the objects changed.
    func restore(_ action: UndoGroup.Action) {
        switch action {
        case .attribute(let object, let index, let old):
            guard object.managedObjectContext === self else { return }
            try? object.setStoredValue(old, at: index)
        case .toOne(let object, let index, let old):
            guard object.managedObjectContext === self else { return }
            object.setToOnePrimitive(index, old)
        case .added(let object, let index, let member):
            guard object.managedObjectContext === self else { return }
            try? object.removeFromToManyPrimitive(index, member)
        case .removed(let object, let index, let member):
            guard object.managedObjectContext === self else { return }
            try? object.addToManyPrimitive(index, member)
        case .inserted(let object):
            guard object.managedObjectContext === self else { return }
            delete(object)
        case .deleted(let object, let wasInserted):
            undelete(object, wasInserted: wasInserted)
        }
    }

    private func undelete(_ object: ManagedObject, wasInserted: Bool) {
        if wasInserted {
            guard object.managedObjectContext == nil else { return }
            object.managedObjectContext = self
            object.isDeleted = false
            _ = insert(object)
            return
        }
        guard object.isDeleted, object.managedObjectContext === self else { return }
        deleted.remove(object)
        object.isDeleted = false
        noteChange(object)
        didInsertOrDelete(object, deleted: false)
    }
}

extension ManagedObjectContext {
    /// Undoes a deletion a save already wrote, as Core Data does (``UndoGroup`` calls it
    /// before replaying the group's other records): the object is
    /// inserted again under its old ID, with the values it had when deleted (its
    /// snapshot, kept by the save), so the next save INSERTs its row with the same
    /// `Z_PK` and the relationship records of the same undo group, which name that ID,
    /// restore the other sides. Nothing happens when the ID is registered again
    /// meanwhile or the values are gone (a merge that forgot the object).
    func reinsertSavedDeletion(_ object: ManagedObject) {
        guard let row = object.snapshot, registered[object.objectID] == nil else { return }
        object.managedObjectContext = self
        object.isDeleted = false
        for (index, relationship) in object.entity.relationships.enumerated()
        where !relationship.isToMany {
            object.toOneChanges[index] = .some(object.committedToOneID(index, in: row))
        }
        // Its to-manys were read by the delete rules; as a new object's, every member
        // is added, so join-table rows are written again from this side.
        for index in object.toMany.keys where object.toMany[index]!.committed != nil {
            let members = object.toMany[index]!.current
            let order = object.entity.relationships[index].isOrdered ? members : nil
            object.toMany.modify(index) {
                $0 = ToManyState(committed: [], added: members, order: order)
            }
        }
        object.snapshot = nil
        object.holdsCacheReference = false
        for index in object.entity.attributes.indices {
            object.attributeChanges.set(
                row.values[index], at: index, attributeCount: object.entity.attributes.count)
        }
        _ = insert(object)
    }
}

extension ContextUndoManager {
    /// Records an action into the open group; a change that is not a replay clears
    /// the redo stack.
    func record(_ action: UndoGroup.Action) {
        guard registrationDisabledCount == 0 else { return }
        if replaying == .none { redoStack.removeAll() }
        currentGroup().record(action)
    }
}
