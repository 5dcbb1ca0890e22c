import SQLiteDB

extension ManagedObjectContext {
    /// The row changes of a save, temporary IDs replaced by the permanent ones assigned
    /// for it: inserts in insertion order, then updates, then deletes, then join-table
    /// rows and positions in ordered relationships.
    func makeOperations() -> [WriteOperation] {
        var operations: [WriteOperation] = inserted.objects.map { object in
            let values = rowValues(of: object)
            return .insert(
                RowSnapshot.make(objectID: object.pendingPermanentID!, version: 1, values: values),
                values: values)
        }
        for object in updated.objects where object.hasPropertyChanges {
            operations.append(.update(update(of: object)))
        }
        for object in deleted.objects {
            operations.append(.delete(object.objectID, version: object.snapshot?.version ?? 0))
        }
        for list in [inserted.objects, updated.objects, deleted.objects] {
            for object in list {
                operations += joinOperations(of: object)
                if !object.isDeleted { operations += positionOperations(of: object) }
            }
        }
        return operations
    }

    /// An object's row as it will be stored, in snapshot order.
    private func rowValues(of object: ManagedObject) -> [SQLiteValue] {
        currentRow(of: object) { target in
            (permanentID(target) ?? target).primaryKey.map { .integer($0) } ?? .null
        }
    }

    /// An object's committed values (or defaults) with its unsaved changes applied, in
    /// snapshot order; `foreignKey` gives the value a changed to-one's target is stored
    /// as (its key in the store, or what a child row carries), its entity column the
    /// target's entity number.
    @inline(__always)
    func currentRow(
        of object: ManagedObject, foreignKey: (ObjectID) -> SQLiteValue
    ) -> [SQLiteValue] {
        let entity = object.entity
        var values =
            object.snapshot.map { Array($0.values) }
            ?? entity.attributes.map(\.defaultValue)
            + Array(repeating: .null, count: entity.columns.count - entity.attributes.count)
        for (slot, value) in object.attributeChanges { values[slot] = value }
        for (index, target) in object.toOneChanges {
            guard case .foreignKey(let key) = entity.relationships[index].storage else { continue }
            values[key.slot] = target.map(foreignKey) ?? .null
            if let entitySlot = key.entitySlot {
                values[entitySlot] = target.map { .integer(Int64($0.entity.id)) } ?? .null
            }
        }
        return values
    }

    private func update(of object: ManagedObject) -> WriteOperation.Update {
        let values = rowValues(of: object)
        var slots = Set(object.attributeChanges.indices)
        for index in object.toOneChanges.keys {
            guard case .foreignKey(let key) = object.entity.relationships[index].storage
            else { continue }
            slots.insert(key.slot)
            if let entitySlot = key.entitySlot { slots.insert(entitySlot) }
        }
        let ordered = slots.sorted()
        let version = object.snapshot!.version
        return WriteOperation.Update(
            columns: ordered.map { object.entity.columns[$0] },
            values: ordered.map { values[$0] }, expectedVersion: version,
            result: RowSnapshot.make(
                objectID: object.objectID, version: version + 1, values: values))
    }

    private func joinOperations(of object: ManagedObject)
        -> [WriteOperation]
    {
        let source = (object.pendingPermanentID ?? object.objectID).primaryKey!
        var operations: [WriteOperation] = []
        for (index, relationship) in object.entity.relationships.enumerated() {
            guard case .joinTable(let join) = relationship.storage else { continue }
            if object.isDeleted {
                operations.append(.unlinkAll(join, source: source))
            }
            guard join.isPrimarySide, let state = object.toMany[index] else { continue }
            for id in state.added {
                let destination = (permanentID(id) ?? id).primaryKey!
                operations.append(.link(join, source: source, destination: destination))
            }
            for id in state.removed {
                operations.append(.unlink(join, source: source, destination: id.primaryKey!))
            }
        }
        return operations
    }

    /// The new positions of every member of each ordered to-many whose order changed.
    private func positionOperations(of object: ManagedObject)
        -> [WriteOperation]
    {
        let owner = (object.pendingPermanentID ?? object.objectID).primaryKey!
        var operations: [WriteOperation] = []
        object.toMany.forEachState { index, state in
            guard let order = state.order else { return }
            let relationship = object.entity.relationships[index]
            let table = coordinator.model.entity(id: relationship.destinationID).table
            for (position, id) in order.enumerated() {
                let key = (permanentID(id) ?? id).primaryKey!
                switch relationship.storage {
                case .inverseForeignKey(_, let column?):
                    operations.append(
                        .position(
                            table: table, column: column, key: key, position: Int64(position + 1)))
                case .joinTable(let join) where join.orderColumn != nil:
                    operations.append(
                        .joinPosition(
                            join, source: owner, destination: key, position: Int64(position + 1)))
                default:
                    break
                }
            }
        }
        return operations
    }

    // MARK: - After writing

    /// The permanent ID the save in progress gave a temporary `id`, if any.
    func permanentID(_ id: ObjectID) -> ObjectID? {
        id.isTemporaryID ? registered[id]?.pendingPermanentID : nil
    }

    /// Brings the context in line with what was written: permanent IDs, new snapshots,
    /// deleted objects forgotten, change lists emptied. `operations` starts with the
    /// inserts in ``inserted`` order (``makeOperations()`` builds it so).
    func didSave(_ operations: [WriteOperation]) {
        // Members of to-many relationships are renamed while temporary IDs still resolve.
        for object in [inserted.objects, updated.objects].joined() {
            object.attributeChanges.removeAll()
            object.toOneChanges = [:]
            object.toMany.modifyAll { state in state.commit { self.permanentID($0) ?? $0 } }
        }
        for (object, operation) in zip(inserted.objects, operations) {
            guard case .insert(let row, _) = operation else { preconditionFailure("not an insert") }
            registered[object.objectID] = nil
            object.objectID = row.objectID
            registered[row.objectID] = object
            object.isInserted = false
            object.pendingPermanentID = nil
            object.holdsCacheReference = true
            object.snapshot = row
        }
        for case .update(let update) in operations.dropFirst(inserted.objects.count) {
            registered[update.result.objectID]?.snapshot = update.result
        }
        for object in deleted.objects {
            registered[object.objectID] = nil
            object.managedObjectContext = nil
            object.isDeleted = false
            object.holdsCacheReference = false
        }
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
    }
}
