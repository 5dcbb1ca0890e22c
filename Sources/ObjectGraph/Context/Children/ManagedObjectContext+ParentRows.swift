import SQLiteDB

extension ManagedObjectContext {
    // MARK: - Answers to children (each waits on this context's queue)

    /// The registered object a child's `id` names, following renames of temporary IDs
    /// made by this context's saves.
    func registeredForChild(_ id: ObjectID) -> ManagedObject? {
        if let object = registered[id] { return object }
        guard id.isTemporaryID, let renamed = renamedTemporaryIDs[id] else { return nil }
        return registered[renamed]
    }

    /// `id` as this context knows it (a temporary ID a save made permanent is renamed).
    func resolvedForChild(_ id: ObjectID) -> ObjectID {
        id.isTemporaryID ? renamedTemporaryIDs[id] ?? id : id
    }

    /// How a child sees object `id`: this context's current values when it holds them,
    /// else its parent's answer, else the store's.
    func rowForChild(_ id: ObjectID) throws -> ParentRow {
        try performAndWait {
            let object = registeredForChild(id)
            if let object, object.isDeleted { return .deleted }
            if let object, object.isInserted || object.hasPropertyChanges {
                try fulfill(object)
                return .row(
                    RowSnapshot.make(
                        objectID: id, version: object.snapshot?.version ?? 0,
                        values: childRowValues(of: object)))
            }
            if let object, let snapshot = object.snapshot { return .row(snapshot) }
            return try parent?.rowForChild(resolvedForChild(id)) ?? .store
        }
    }

    /// The members of to-many `index` of `id` as this context sees them now.
    func toManyIDsForChild(_ id: ObjectID, _ index: Int) throws -> [ObjectID] {
        try performAndWait {
            try (registeredForChild(id) ?? object(with: id)).toManyIDs(index)
        }
    }

    /// This context's and its ancestors' unsaved changes to objects of `entity`.
    func changesForChild(of entity: Entity) throws -> AncestorChanges {
        var changes = performAndWait {
            var changes = AncestorChanges()
            for object in inserted.objects where entity.includes(object.entity) {
                changes.inserted.append(object.objectID)
            }
            for object in updated.objects
            where object.hasPropertyChanges && entity.includes(object.entity) {
                changes.updated.insert(object.objectID)
            }
            for object in deleted.objects where entity.includes(object.entity) {
                changes.deleted.insert(object.objectID)
            }
            return changes
        }
        if let parent {
            let above = try parent.changesForChild(of: entity)
            changes.inserted += above.inserted.filter { !changes.deleted.contains($0) }
            changes.updated.formUnion(above.updated)
            changes.deleted.formUnion(above.deleted)
        }
        return changes
    }

    // MARK: - Rows as a child sees them

    /// An object's current values as a row for a child: committed values (or
    /// defaults) with its unsaved changes applied. A to-one to an unsaved object is
    /// stored as the negated number of its temporary ID, which only
    /// ``ManagedObject/committedToOneID(_:in:)`` reads; such rows never reach SQL.
    func childRowValues(of object: ManagedObject) -> [SQLiteValue] {
        currentRow(of: object, foreignKey: Self.childKey)
    }

    private static func childKey(_ id: ObjectID) -> SQLiteValue {
        switch id.key {
        case .permanent(let key): return .integer(key)
        case .temporary(let number): return .integer(-Int64(bitPattern: number))
        }
    }
}

extension ManagedObjectContext {
    /// Fills a child's fault from its parent: true when the parent answered (or the
    /// object is gone), false when the store must be read as in a root context.
    ///
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` when an ancestor deleted
    ///   it.
    func fulfillFromParent(_ object: ManagedObject, _ parent: ManagedObjectContext) throws
        -> Bool
    {
        switch try parent.rowForChild(object.objectID) {
        case .row(let row):
            object.snapshot = row
            return true
        case .deleted:
            throw KeyValueError.faultNotFulfilled(object: object.objectID)
        case .store:
            return false
        }
    }
}
