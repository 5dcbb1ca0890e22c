import SQLiteDB

extension ManagedObject {
    // MARK: - Public to-many edits

    /// Adds `object` to the to-many `key`, and sets the inverse on `object`.
    ///
    /// Cost: no SQL for a one-to-many; a many-to-many not yet read runs its one SELECT.
    ///
    /// - Parameters:
    ///   - object: An object of the relationship's destination entity, in the same context.
    ///   - key: The name of a to-many relationship.
    /// - Throws: ``KeyValueError`` for an unknown key, a to-one key, or a wrong entity.
    public func addObject(_ object: ManagedObject, toRelationship key: String) throws {
        let index = try toManyIndex(key)
        _ = try confinedContext()
        if recordsBatchRowRelationship(index) { return }
        try addToMany(index, object)
    }

    /// Removes `object` from the to-many `key`, and clears the inverse on `object`.
    ///
    /// - Parameters:
    ///   - object: The member to remove; removing a non-member changes nothing.
    ///   - key: The name of a to-many relationship.
    /// - Throws: ``KeyValueError`` for an unknown key or a to-one key.
    public func removeObject(_ object: ManagedObject, fromRelationship key: String) throws {
        let index = try toManyIndex(key)
        _ = try confinedContext()
        if recordsBatchRowRelationship(index) { return }
        try removeFromToMany(index, object)
    }

    private func toManyIndex(_ key: String) throws -> Int {
        guard case .relationship(let index) = entity.property(named: key),
            entity.relationships[index].isToMany
        else { throw KeyValueError.unknownKey(entity: entity.name, key: key) }
        return index
    }

    /// On a batch insert's row object, records a relationship write (which fails the
    /// request) and returns true; elsewhere returns false.
    func recordsBatchRowRelationship(_ index: Int) -> Bool {
        guard isBatchRow else { return false }
        toOneChanges[index] = .some(nil)
        return true
    }

    // MARK: - Reading

    /// The ID a to-one points at now.
    func toOneID(_ index: Int) throws -> ObjectID? {
        if let changed = toOneChanges[index] { return changed }
        if snapshot == nil, let partial,
            case .foreignKey(let key) = entity.relationships[index].storage,
            partial.loaded[key.slot]
        {
            return committedToOneID(index, in: partial.row)
        }
        try managedObjectContext!.fulfill(self)
        return committedToOneID(index)
    }

    /// The ID a to-one pointed at when last fetched or saved (in `row`, when given).
    func committedToOneID(_ index: Int, in row: RowSnapshot? = nil) -> ObjectID? {
        guard let snapshot = row ?? snapshot,
            case .foreignKey(let key) = entity.relationships[index].storage,
            case .integer(let pk) = snapshot.values[key.slot]
        else { return nil }
        let context = managedObjectContext!
        let model = context.coordinator.model
        let entityID =
            key.entitySlot.flatMap { snapshot.values[$0].int64 }.map(Int.init)
            ?? entity.relationships[index].destinationID
        if pk < 0 {
            // Only a child context's row has these: a to-one to an object its parent
            // inserted and has not saved (see ``ManagedObjectContext/childRowValues(of:)``).
            return ObjectID(entity: model.entity(id: entityID), temporaryNumber: UInt64(-pk))
        }
        return ObjectID(
            entity: model.entity(id: entityID), primaryKey: pk,
            store: context.coordinator.storeUUID)
    }

    /// The object a to-one points at: a fault when not registered yet (no SQL).
    func toOneObject(_ index: Int) throws -> ManagedObject? {
        try toOneID(index).map { managedObjectContext!.object(with: $0) }
    }

    /// A to-many's members now, firing the relationship fault the first time.
    func toManyIDs(_ index: Int) throws -> [ObjectID] {
        try loadToMany(index)
        return toMany[index]!.current
    }

    /// The members as objects (faults unless registered).
    ///
    /// Cost: one registry lookup per member (a fault made and registered in the same
    /// lookup when missing); the queue was checked once by the caller.
    func toManyObjects(_ index: Int) throws -> [ManagedObject] {
        let context = managedObjectContext!
        let ids = try toManyIDs(index)
        // Built in place from the IDs' buffer: no ID copied out per member, the array
        // allocated once at its final size.
        return ids.withUnsafeBufferPointer { ids in
            [ManagedObject](unsafeUninitializedCapacity: ids.count) { objects, initialized in
                for offset in ids.indices {
                    objects.initializeElement(
                        at: offset, to: context.registeredObject(ids[offset]))
                    initialized = offset + 1
                }
            }
        }
    }

    /// Reads a to-many's committed members if not read yet: one SELECT for a saved
    /// object, nothing for a new one.
    func loadToMany(_ index: Int) throws {
        guard toMany[index]?.committed == nil else { return }
        let context = managedObjectContext!
        let committed: [ObjectID]
        if isInserted {
            committed = []
        } else if let parent = context.parent {
            try context.fulfill(self)
            committed = try parent.toManyIDsForChild(objectID, index)
        } else {
            try context.fulfill(self)
            committed = try context.coordinator.relatedObjectIDs(index, of: objectID)
        }
        // Set in place: the state is not copied out of the dictionary and back.
        toMany.modify(index, default: ToManyState()) { $0.committed = committed }
    }

    // MARK: - Changing, with inverses

    /// Points a to-one at `object` (or nil) and updates the inverses of the old and new
    /// targets.
    func setToOne(_ index: Int, to object: ManagedObject?) throws {
        let old = try toOneObject(index)
        guard old !== object else { return }
        setToOnePrimitive(index, object?.objectID)
        guard let inverse = entity.relationships[index].inverseName else { return }
        try old?.removeInverse(inverse, self)
        try object?.addInverse(inverse, self)
    }

    func addToMany(_ index: Int, _ object: ManagedObject) throws {
        try addToManyPrimitive(index, object.objectID)
        guard let inverse = entity.relationships[index].inverseName else { return }
        try object.addInverse(inverse, self)
    }

    func removeFromToMany(_ index: Int, _ object: ManagedObject) throws {
        try removeFromToManyPrimitive(index, object.objectID)
        guard let inverse = entity.relationships[index].inverseName else { return }
        try object.removeInverse(inverse, self)
    }

    /// Replaces a to-many's members with `objects` (in that order, when ordered).
    func replaceToMany(_ index: Int, with objects: [ManagedObject]) throws {
        let current = try toManyObjects(index)
        let wanted = Set(objects)
        for object in current where !wanted.contains(object) {
            try removeFromToMany(index, object)
        }
        let present = Set(current)
        for object in objects where !present.contains(object) {
            try addToMany(index, object)
        }
        let ids = objects.map(\.objectID)
        if entity.relationships[index].isOrdered, try toManyIDs(index) != ids {
            toMany.modify(index) { $0.order = ids }
            managedObjectContext?.noteChange(self)
        }
    }

    /// The inverse side of `other` gaining this object in relationship `name`.
    func addInverse(_ name: String, _ other: ManagedObject) throws {
        guard case .relationship(let index) = entity.property(named: name) else { return }
        let relationship = entity.relationships[index]
        if relationship.isToMany {
            try addToManyPrimitive(index, other.objectID)
            return
        }
        let previous = try toOneObject(index)
        guard previous !== other else { return }
        if let previous, let back = relationship.inverseName {
            try previous.removeInverse(back, self)
        }
        setToOnePrimitive(index, other.objectID)
    }

    /// The inverse side of `other` losing this object in relationship `name`.
    func removeInverse(_ name: String, _ other: ManagedObject) throws {
        guard case .relationship(let index) = entity.property(named: name) else { return }
        if entity.relationships[index].isToMany {
            try removeFromToManyPrimitive(index, other.objectID)
        } else if try toOneID(index) == other.objectID {
            setToOnePrimitive(index, nil)
        }
    }

    // MARK: - Primitive changes (one side only)

    /// Reads what a change needs first: the members of a join-table to-many (so join
    /// rows are never written twice) and of an ordered to-many (whose new order is kept
    /// whole).
    private func prepareToManyChange(_ index: Int) throws {
        let relationship = entity.relationships[index]
        if case .joinTable = relationship.storage { try loadToMany(index) }
        guard relationship.isOrdered else { return }
        try loadToMany(index)
        toMany.modify(index) { state in
            if state.order == nil { state.order = state.current }
        }
    }

    func setToOnePrimitive(_ index: Int, _ id: ObjectID?) {
        managedObjectContext?.willChangeToOne(self, index)
        // Callers read the to-one first, so a saved object's snapshot is loaded here.
        if snapshot != nil, committedToOneID(index) == id {
            toOneChanges[index] = nil
        } else {
            toOneChanges[index] = .some(id)
        }
        managedObjectContext?.noteChange(self)
    }

    func addToManyPrimitive(_ index: Int, _ id: ObjectID) throws {
        try prepareToManyChange(index)
        toMany.modify(index, default: ToManyState()) { $0.add(id) }
        managedObjectContext?.didChangeToMany(self, index, id, added: true)
        managedObjectContext?.noteChange(self)
    }

    func removeFromToManyPrimitive(_ index: Int, _ id: ObjectID) throws {
        try prepareToManyChange(index)
        toMany.modify(index, default: ToManyState()) { $0.remove(id) }
        managedObjectContext?.didChangeToMany(self, index, id, added: false)
        managedObjectContext?.noteChange(self)
    }
}
