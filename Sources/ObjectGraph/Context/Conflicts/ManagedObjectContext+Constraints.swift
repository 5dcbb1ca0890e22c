import SQLiteDB

extension ManagedObjectContext {
    /// Before a root save under a merge policy other than `.error`: each inserted
    /// object whose uniqueness-constraint values match an existing row becomes that
    /// row (Core Data's constraint-conflict resolution). The object-trump policies
    /// write the new object's values over it (`.overwrite` every attribute,
    /// `.mergeByPropertyObjectTrump` those that were set); the store-trump policies keep
    /// the row as stored (`.mergeByPropertyStoreTrump` keeps the new object's
    /// relationship changes, `.rollback` drops them too). Under `.error` the INSERT
    /// fails with `SQLITE_CONSTRAINT_UNIQUE`, as before.
    ///
    /// Cost: one `SELECT Z_PK … WHERE <constraint columns> = ?` per inserted object and
    /// constraint of entities that have constraints, plus one SELECT of the row per
    /// match; nothing for entities without constraints.
    func resolveConstraintConflicts() throws {
        var renames: [ObjectID: ObjectID] = [:]
        for object in inserted.objects where !object.entity.uniquenessConstraints.isEmpty {
            guard let existing = try existingRow(matching: object),
                registered[existing] == nil
            else { continue }
            renames[object.objectID] = existing
            try adopt(existing, as: object)
        }
        guard !renames.isEmpty else { return }
        for object in registered.values { object.renameReferences(renames) }
    }

    /// The ID of a stored row with the same values as `object` for one of its
    /// entity's uniqueness constraints.
    private func existingRow(matching object: ManagedObject) throws -> ObjectID? {
        let entity = object.entity
        for constraint in entity.uniquenessConstraints {
            var values: [(SQLName, SQLiteValue)] = []
            for column in constraint {
                guard let slot = entity.columns.firstIndex(of: column) else { continue }
                values.append((column, childRowValues(of: object)[slot]))
            }
            if let id = try coordinator.existingObjectID(of: entity, matching: values) {
                return id
            }
        }
        return nil
    }

    /// Turns inserted `object` into the stored object `id`, applying the merge policy.
    private func adopt(_ id: ObjectID, as object: ManagedObject) throws {
        guard let row = try coordinator.snapshot(for: id, retain: true, maxAge: 0) else { return }
        let current = (0..<object.entity.attributes.count).map(object.currentAttributeValue)
        let wasSet = Set(object.attributeChanges.indices)
        inserted.remove(object)
        registered[object.objectID] = nil
        object.objectID = id
        registered[id] = object
        object.isInserted = false
        object.holdsCacheReference = true
        object.snapshot = row
        object.attributeChanges.removeAll()
        let count = current.count
        for index in 0..<count where current[index] != row.values[index] {
            switch mergePolicy {
            case .overwrite:
                object.attributeChanges.set(current[index], at: index, attributeCount: count)
            case .mergeByPropertyObjectTrump where wasSet.contains(index):
                object.attributeChanges.set(current[index], at: index, attributeCount: count)
            default:
                continue
            }
        }
        if mergePolicy == .rollback { object.discardChanges() }
        for index in object.toMany.keys where object.toMany[index]!.committed != nil {
            object.toMany[index]!.committed = nil
        }
        noteChange(object)
    }
}
