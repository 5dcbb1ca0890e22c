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
    /// First, inserted objects that share a constraint's values among themselves are
    /// merged into one in memory (Core Data's in-memory constraint conflicts, whose
    /// `databaseObject` is nil): see ``mergeInsertedDuplicates()``.
    ///
    /// Cost: one `SELECT Z_PK … WHERE <constraint columns> = ?` per inserted object and
    /// constraint of entities that have constraints, plus one SELECT of the row per
    /// match; nothing for entities without constraints. The in-memory merge costs one
    /// hash per inserted object and constraint, no SQL.
    func resolveConstraintConflicts() throws {
        mergeInsertedDuplicates()
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
            object.toMany.modify(index) { $0.committed = nil }
        }
        noteChange(object)
    }

    /// Merges inserted objects of one table that share the values of a uniqueness
    /// constraint (none of them NULL) into one object, so that the save writes one row.
    /// Which object survives, and whose values: under the object-trump policies
    /// (`.mergeByPropertyObjectTrump`, `.overwrite`) the last inserted survives; under
    /// `.mergeByPropertyStoreTrump` and `.rollback` the first. With the property-merging
    /// policies the survivor also takes each attribute another duplicate set and it did
    /// not; with `.overwrite` and `.rollback` it keeps its own values only. References
    /// to the others (to-one targets, to-many members) are renamed to the survivor; the
    /// others leave the context. Core Data documents only that its merge policies
    /// resolve such conflicts (`NSConstraintConflict.databaseObject` nil, several
    /// `conflictingObjects`); which duplicate survives is our choice (docs/CONTEXTS.md).
    func mergeInsertedDuplicates() {
        let candidates = inserted.objects.filter { !$0.entity.uniquenessConstraints.isEmpty }
        guard candidates.count > 1 else { return }
        let lastWins = mergePolicy == .mergeByPropertyObjectTrump || mergePolicy == .overwrite
        let mergesProperties =
            mergePolicy == .mergeByPropertyObjectTrump || mergePolicy == .mergeByPropertyStoreTrump
        var renames: [ObjectID: ObjectID] = [:]
        var gone = Set<ObjectID>()
        for constraintIndex in 0..<(candidates.map(\.entity.uniquenessConstraints.count).max() ?? 0)
        {
            var groups: [[SQLiteValue]: [ManagedObject]] = [:]
            var order: [[SQLiteValue]] = []
            for object in candidates where !gone.contains(object.objectID) {
                let entity = object.entity
                guard constraintIndex < entity.uniquenessConstraints.count else { continue }
                let row = childRowValues(of: object)
                let columns = entity.uniquenessConstraints[constraintIndex]
                var key: [SQLiteValue] = [
                    .integer(Int64(entity.rootID)),
                    .text(columns.map { "\($0)" }.joined(separator: ",")),
                ]
                for column in columns {
                    guard let slot = entity.columns.firstIndex(of: column) else { continue }
                    key.append(row[slot])
                }
                guard !key.dropFirst(2).contains(.null) else { continue }
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(object)
            }
            for key in order {
                guard let group = groups[key], group.count > 1 else { continue }
                let survivor = lastWins ? group.last! : group.first!
                // The others, nearest the survivor first: their values win over older ones.
                let others = (lastWins ? group.dropLast().reversed() : Array(group.dropFirst()))
                for other in others {
                    if mergesProperties { take(other, into: survivor) }
                    renames[other.objectID] = survivor.objectID
                    gone.insert(other.objectID)
                }
            }
        }
        guard !renames.isEmpty else { return }
        for object in candidates where gone.contains(object.objectID) {
            inserted.remove(object)
            updated.remove(object)
            registered[object.objectID] = nil
            object.isInserted = false
            object.discardChanges()
            object.managedObjectContext = nil
        }
        for object in registered.values { object.renameReferences(renames) }
        trackInvalidated(gone)
    }

    /// Gives `survivor` each attribute `other` set that `survivor` did not.
    private func take(_ other: ManagedObject, into survivor: ManagedObject) {
        let count = survivor.entity.attributes.count
        let own = Set(survivor.attributeChanges.indices)
        for index in other.attributeChanges.indices where !own.contains(index) && index < count {
            survivor.attributeChanges.set(
                other.currentAttributeValue(index), at: index, attributeCount: count)
        }
    }
}
