extension ManagedObjectContext {
    /// Marks an object for deletion and applies its relationships' delete rules: nullify
    /// removes it from the inverse relationships, cascade deletes the related objects,
    /// deny is checked when saving, no action does nothing.
    ///
    /// Cost: as in Core Data, the rules fault in what they touch before the save: the
    /// object itself and its related objects (row cache or one SELECT each, plus one
    /// SELECT per to-many not yet read). Deleting a new object just forgets it.
    ///
    /// When a rule cannot read the related objects (a failing SELECT), the object is
    /// still marked deleted but the rule has not run, so the next ``save()`` fails with
    /// ``SaveError/deleteRuleFailed(entity:relationship:object:error:)`` and writes
    /// nothing, until ``rollback()`` or ``reset()``.
    public func delete(_ object: ManagedObject) {
        checkQueue()
        guard object.managedObjectContext === self, !object.isDeleted else { return }
        let wasInserted = object.isInserted
        didInsertOrDelete(object, deleted: true, wasInserted: wasInserted)
        if wasInserted {
            inserted.remove(object)
        } else {
            try? fulfill(object)
            updated.remove(object)
            deleted.append(object)
        }
        object.isDeleted = true
        trackChange(object)
        applyDeleteRules(to: object)
        if wasInserted {
            registered[object.objectID] = nil
            object.isInserted = false
            object.isDeleted = false
            object.managedObjectContext = nil
        }
    }

    private func applyDeleteRules(to object: ManagedObject) {
        let trace = coordinator.trace
        for (index, relationship) in object.entity.relationships.enumerated() {
            // The lab attributes the reads below to the rule (no cost without a sink).
            let reads = relationship.deleteRule == .nullify || relationship.deleteRule == .cascade
            if reads {
                trace?.causeBegan(
                    .deleteRule(
                        entity: object.entity.name, relationship: relationship.name,
                        rule: relationship.deleteRule.rawValue))
            }
            defer { if reads { trace?.causeEnded() } }
            do {
                switch relationship.deleteRule {
                case .noAction, .deny:
                    continue
                case .nullify:
                    guard let inverse = relationship.inverseName else { continue }
                    for related in try relatedObjects(of: object, index) {
                        try related.removeInverse(inverse, object)
                    }
                case .cascade:
                    for related in try relatedObjects(of: object, index) where !related.isDeleted {
                        delete(related)
                    }
                }
            } catch KeyValueError.faultNotFulfilled(let id) where id == object.objectID {
                // Its own row is gone: the save reports it as an optimistic-locking
                // conflict, which is what happened.
                return
            } catch {
                deleteRuleFailures.append(
                    .deleteRuleFailed(
                        entity: object.entity.name, relationship: relationship.name,
                        object: object.objectID, error: error))
            }
        }
    }

    /// The objects at the other end of a relationship.
    ///
    /// - Throws: `SQLiteError` when a fault or to-many fault cannot be read.
    func relatedObjects(of object: ManagedObject, _ index: Int) throws -> [ManagedObject] {
        if object.entity.relationships[index].isToMany {
            return try object.toManyObjects(index)
        }
        return try object.toOneObject(index).map { [$0] } ?? []
    }
}
