import SQLiteDB

extension ManagedObjectContext {
    // MARK: - Describing (the error policy)

    /// The conflicts of `ids`: each object's values here, as read, and in the store.
    ///
    /// Cost: one SELECT per object (its row now, which also refreshes the row cache).
    func describeConflicts(_ ids: [ObjectID]) throws -> [MergeConflict] {
        try ids.map { id in
            let object = registered[id]
            let stored = try coordinator.snapshot(for: id, retain: false, maxAge: 0)
            return MergeConflict(
                objectID: id,
                objectSnapshot: object.flatMap { $0.isDeleted ? nil : currentSnapshot(of: $0) },
                cachedSnapshot: object?.snapshot.map { named(Array($0.values), of: id.entity) },
                persistedSnapshot: stored.map { named(Array($0.values), of: id.entity) },
                oldVersionNumber: object?.snapshot?.version ?? 0,
                newVersionNumber: stored?.version ?? 0)
        }
    }

    private func currentSnapshot(of object: ManagedObject) -> [String: SQLiteValue] {
        var values = named(childRowValues(of: object), of: object.entity)
        for (index, target) in object.toOneChanges {
            values[object.entity.relationships[index].name] =
                target.flatMap { (permanentID($0) ?? $0).primaryKey }.map { .integer($0) } ?? .null
        }
        return values
    }

    /// Row values keyed by attribute and to-one names.
    private func named(_ values: [SQLiteValue], of entity: Entity) -> [String: SQLiteValue] {
        var result: [String: SQLiteValue] = [:]
        for (index, attribute) in entity.attributes.enumerated() {
            result[attribute.name] = values[index]
        }
        for relationship in entity.relationships {
            guard case .foreignKey(let key) = relationship.storage else { continue }
            result[relationship.name] = values[key.slot]
        }
        return result
    }

    // MARK: - Resolving (the other policies)

    /// Reads the store's row of each conflicting object and applies the merge policy
    /// (see ``MergePolicy``), so that the next write attempt matches the store.
    ///
    /// Cost: one SELECT per object.
    func resolveConflicts(_ ids: [ObjectID]) throws {
        var gone = Set<ObjectID>()
        for id in ids {
            guard let object = registered[id] else { continue }
            let retain = !object.holdsCacheReference
            guard let row = try coordinator.snapshot(for: id, retain: retain, maxAge: 0) else {
                gone.insert(id)
                continue
            }
            if retain { object.holdsCacheReference = true }
            if object.isDeleted {
                resolveDeleted(object, storeRow: row)
            } else {
                resolveUpdated(object, storeRow: row)
            }
        }
        forgetDeleted(gone)
    }

    /// Deleted here, changed in the store: the object-trump policies delete the new
    /// version; the store-trump ones keep the object with the store's values.
    private func resolveDeleted(_ object: ManagedObject, storeRow row: RowSnapshot) {
        if !mergePolicy.objectWins {
            deleted.remove(object)
            object.isDeleted = false
            object.discardChanges()
        }
        object.snapshot = row
    }

    /// Changed here and in the store.
    private func resolveUpdated(_ object: ManagedObject, storeRow row: RowSnapshot) {
        switch mergePolicy {
        case .error, .mergeByPropertyObjectTrump:
            break
        case .mergeByPropertyStoreTrump:
            dropChangesTheStoreMade(object, storeRow: row)
        case .overwrite:
            restoreWhatTheStoreChanged(object, storeRow: row)
        case .rollback:
            object.discardChanges()
            updated.remove(object)
        }
        object.snapshot = row
        object.toMany.modifyAll { $0.committed = nil }
        dropChangesEqualToCommitted(object)
    }

    /// Store trump: forgets our change of every property the store changed too.
    private func dropChangesTheStoreMade(_ object: ManagedObject, storeRow row: RowSnapshot) {
        guard let cached = object.snapshot else { return }
        for (index, _) in object.attributeChanges where row.values[index] != cached.values[index] {
            object.attributeChanges.set(
                .none, at: index, attributeCount: object.entity.attributes.count)
        }
        for index in object.toOneChanges.keys
        where object.committedToOneID(index, in: row) != object.committedToOneID(index) {
            object.toOneChanges[index] = nil
        }
    }

    /// Overwrite: turns what the store changed back to what this context read, so the
    /// whole object as seen here is written.
    private func restoreWhatTheStoreChanged(_ object: ManagedObject, storeRow row: RowSnapshot) {
        guard let cached = object.snapshot else { return }
        let count = object.entity.attributes.count
        for index in 0..<count where object.attributeChanges[index] == nil {
            if row.values[index] != cached.values[index] {
                object.attributeChanges.set(cached.values[index], at: index, attributeCount: count)
            }
        }
        for (index, relationship) in object.entity.relationships.enumerated()
        where !relationship.isToMany && object.toOneChanges[index] == nil {
            let mine = object.committedToOneID(index)
            if object.committedToOneID(index, in: row) != mine {
                object.toOneChanges[index] = .some(mine)
            }
        }
    }

    /// After a new snapshot: changes that equal it are no changes.
    private func dropChangesEqualToCommitted(_ object: ManagedObject) {
        let count = object.entity.attributes.count
        for (index, value) in object.attributeChanges
        where value == object.committedAttributeValue(index) {
            object.attributeChanges.set(.none, at: index, attributeCount: count)
        }
        for (index, target) in object.toOneChanges where object.committedToOneID(index) == target {
            object.toOneChanges[index] = nil
        }
    }
}
