import SQLiteDB

extension ManagedObjectContext {
    /// Writes every change to the store, as Core Data does: permanent keys are reserved
    /// in `Z_PRIMARYKEY` in a short transaction, then one exclusive write transaction
    /// runs the INSERTs, the `UPDATE … SET <changed>, Z_OPT = ? WHERE Z_PK = ? AND
    /// Z_OPT = ?`, the `DELETE … WHERE Z_PK = ? AND Z_OPT = ?` and the join-table rows.
    ///
    /// A failed save leaves the store exactly as it was (reserved keys are given back
    /// when nobody took more since) and the context's changes in place, temporary IDs
    /// included, so it can be retried.
    ///
    /// In a child context (one with a ``parent``) it writes nothing: the changes become
    /// the parent's unsaved changes, and reach the store when the root context saves.
    ///
    /// Posts objects-did-change (pending changes), will-save, then did-save.
    ///
    /// Cost: with I inserts, U updates and D deletes of one entity: BEGIN, SELECT,
    /// UPDATE, COMMIT for the keys (when I > 0), then BEGIN, I + U + D statements plus
    /// join rows, COMMIT. Faults of changed or deleted objects are fired first. In a
    /// child: no SQL (the parent fires the faults of changed objects it has not loaded,
    /// from the row cache when their rows are there).
    ///
    /// - Throws: ``SaveError``; a SQLite failure anywhere in it (the reads that fire
    ///   changed objects' faults included) as ``SaveError/sqlite(_:objects:)`` naming
    ///   the changed objects.
    public func save() throws {
        checkQueue()
        do {
            try saveChanges()
        } catch let error as SQLiteError {
            let changed = [inserted.objects, updated.objects, deleted.objects].joined()
            throw SaveError.sqlite(error, objects: changed.map(\.objectID))
        }
    }

    private func saveChanges() throws {
        processPendingChanges()
        guard hasChanges else { return }
        if observers.observes(.willSave) {
            post(ContextNotification(name: .willSave, context: self))
        }
        try validateForSave()
        if let parent {
            announce(try pushToParent(parent))
            return
        }
        try loadCommittedVersions()
        if mergePolicy != .error { try resolveConstraintConflicts() }
        let reservations = try reserveKeys()
        assignKeys(reservations)
        do {
            let operations = try writeResolvingConflicts()
            let hasChildren = !children.isEmpty
            let note = wantsDidSave || hasChildren ? didSaveNotification(operations) : nil
            if hasChildren, let note { renamedTemporaryIDs.merge(note.permanentIDs) { $1 } }
            didSave(operations)
            coordinator.trace?.savePhase(.saved)
            if let note { announce(note) }
        } catch {
            coordinator.trace?.savePhase(.failed)
            coordinator.releasePrimaryKeys(reservations)
            for object in inserted.objects { object.pendingPermanentID = nil }
            throw error
        }
    }

    // MARK: - Before writing

    private func validateForSave() throws {
        if let failure = deleteRuleFailures.first { throw failure }
        for list in [inserted.objects, updated.objects] {
            for object in list { try validateRequiredValues(of: object) }
        }
        for object in deleted.objects {
            for (index, relationship) in object.entity.relationships.enumerated()
            where relationship.deleteRule == .deny {
                let related: [ManagedObject]
                do {
                    related = try relatedObjects(of: object, index)
                } catch KeyValueError.faultNotFulfilled(let id) where id == object.objectID {
                    continue  // its row vanished: loadCommittedVersions() reports the conflict
                } catch {
                    throw SaveError.deleteRuleFailed(
                        entity: object.entity.name, relationship: relationship.name,
                        object: object.objectID, error: error)
                }
                if related.contains(where: { !$0.isDeleted }) {
                    throw SaveError.deleteDenied(
                        entity: object.entity.name, relationship: relationship.name,
                        object: object.objectID)
                }
            }
        }
    }

    /// Fires the fault of a changed object still a fault (one whose relationships alone
    /// changed, through an inverse) to validate its values, as Core Data does: the same
    /// read the save makes for its `Z_OPT` anyway, so no statement is added.
    private func validateRequiredValues(of object: ManagedObject) throws {
        do {
            try fulfill(object)
        } catch KeyValueError.faultNotFulfilled(let id) where id == object.objectID {
            return  // its row vanished: loadCommittedVersions() reports the conflict
        }
        for (index, attribute) in object.entity.attributes.enumerated()
        where !attribute.isOptional && object.currentAttributeValue(index) == .null {
            throw SaveError.missingRequiredValue(
                entity: object.entity.name, key: attribute.name, object: object.objectID)
        }
        for (index, relationship) in object.entity.relationships.enumerated()
        where !relationship.isToMany && !relationship.isOptional {
            if try object.toOneID(index) == nil {
                throw SaveError.missingRequiredValue(
                    entity: object.entity.name, key: relationship.name, object: object.objectID)
            }
        }
    }

    /// Fires the faults of changed and deleted objects, whose `Z_OPT` guards their
    /// UPDATE or DELETE; rows that vanished meanwhile are optimistic-locking conflicts.
    /// With a merge policy other than `.error`, such objects leave the context (their
    /// rows are gone) and the save goes on.
    private func loadCommittedVersions() throws {
        var vanished: [ObjectID] = []
        for object in [updated.objects, deleted.objects].joined() {
            do {
                try fulfill(object)
            } catch KeyValueError.faultNotFulfilled(let id) {
                vanished.append(id)
            }
        }
        guard !vanished.isEmpty else { return }
        guard mergePolicy != .error else {
            throw SaveError.optimisticLockingFailure(conflicts: try describeConflicts(vanished))
        }
        forgetDeleted(Set(vanished))
    }

    /// Runs the save's write transaction; on an optimistic-locking conflict, resolves
    /// it with the merge policy and writes again (up to ``maximumConflictRetries``
    /// times, for writers that keep racing), or throws the conflicts described.
    private func writeResolvingConflicts() throws -> [WriteOperation] {
        var attempts = 0
        while true {
            let operations = makeOperations()
            coordinator.trace?.savePhase(
                .writing(
                    inserted: inserted.objects.count, updated: updated.objects.count,
                    deleted: deleted.objects.count))
            do {
                try coordinator.write(operations, history: makeHistoryRecord())
                return operations
            } catch SaveError.optimisticLockingFailure(let conflicts) {
                let ids = conflicts.map(\.objectID)
                guard mergePolicy != .error, attempts < Self.maximumConflictRetries else {
                    throw SaveError.optimisticLockingFailure(conflicts: try describeConflicts(ids))
                }
                attempts += 1
                try resolveConflicts(ids)
            }
        }
    }

    private func reserveKeys() throws -> [StoreCoordinator.KeyReservation] {
        var counts: [Int: Int] = [:]
        for object in inserted.objects where object.objectID.isTemporaryID {
            counts[object.entity.rootID, default: 0] += 1
        }
        guard !counts.isEmpty else { return [] }
        coordinator.trace?.savePhase(.reservingKeys(objects: inserted.objects.count))
        do {
            return try coordinator.reservePrimaryKeys(counts)
        } catch let error as SQLiteError {
            coordinator.trace?.savePhase(.failed)
            throw SaveError.sqlite(error, objects: inserted.objects.map(\.objectID))
        }
    }

    /// Gives each inserted object its permanent ID, in insertion order per hierarchy.
    private func assignKeys(_ reservations: [StoreCoordinator.KeyReservation]) {
        var next = Dictionary(
            uniqueKeysWithValues: reservations.map {
                ($0.entityID, $0.previousMax + 1)
            })
        for object in inserted.objects {
            guard object.objectID.isTemporaryID else {
                object.pendingPermanentID = object.objectID  // obtainPermanentIDs(for:)
                continue
            }
            let root = object.entity.rootID
            object.pendingPermanentID = ObjectID(
                entity: object.entity, primaryKey: next[root]!, store: coordinator.storeUUID)
            next[root]! += 1
        }
    }
}
