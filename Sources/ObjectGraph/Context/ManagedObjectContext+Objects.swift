extension ManagedObjectContext {
    // MARK: - Change state

    /// Whether anything was inserted, changed or deleted since the last save.
    public var hasChanges: Bool {
        checkQueue()
        return !inserted.isEmpty || !deleted.isEmpty
            || updated.objects.contains { $0.hasPropertyChanges }
    }

    /// Objects inserted and not yet saved.
    public var insertedObjects: Set<ManagedObject> {
        checkQueue()
        return Set(inserted.objects)
    }

    /// Saved objects with unsaved changes.
    public var updatedObjects: Set<ManagedObject> {
        checkQueue()
        return Set(updated.objects.filter { $0.hasPropertyChanges })
    }

    /// Objects deleted and not yet saved.
    public var deletedObjects: Set<ManagedObject> {
        checkQueue()
        return Set(deleted.objects)
    }

    /// Every object the context holds.
    public var registeredObjects: Set<ManagedObject> {
        checkQueue()
        return Set(registered.values)
    }

    // MARK: - Inserting and looking up

    /// Creates a new object of an entity, with a temporary ID and default values.
    ///
    /// Cost: no SQL; the row is written by the next ``save()``. An unknown or abstract
    /// entity name stops the program, as Core Data raises.
    public func insertNewObject(forEntityName entityName: String) -> ManagedObject {
        checkQueue()
        guard let entity = coordinator.model.entity(named: entityName), !entity.isAbstract else {
            preconditionFailure(
                "cannot insert \"\(entityName)\": not a concrete entity of the model")
        }
        return insert(entity.makeObject(ObjectID(temporaryFor: entity), context: self))
    }

    /// Registers a new object as inserted.
    func insert(_ object: ManagedObject) -> ManagedObject {
        object.isInserted = true
        registered[object.objectID] = object
        inserted.append(object)
        trackChange(object)
        didInsertOrDelete(object, deleted: false)
        return object
    }

    /// The object with `id`: the registered instance, or a new fault (no SQL).
    public func object(with id: ObjectID) -> ManagedObject {
        checkQueue()
        return registeredObject(id)
    }

    /// ``object(with:)`` for engine callers that checked the queue already: one
    /// registry lookup, the fault made and registered in it when missing.
    func registeredObject(_ id: ObjectID) -> ManagedObject {
        registered.value(for: id) { id.makeObject(context: self) }.value
    }

    /// The object with `id`, its values loaded: no SQL when registered and loaded or in
    /// the row cache, else one SELECT.
    ///
    /// - Parameter id: A permanent ID, or a temporary one of an object inserted in this context.
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` when the row does not exist.
    public func existingObject(with id: ObjectID) throws -> ManagedObject {
        let object = self.object(with: id)
        let trace = object.isFault ? coordinator.trace : nil
        trace?.causeBegan(.lookup(entity: id.entity.name))
        defer { trace?.causeEnded() }
        do {
            try fulfill(object)
        } catch {
            if registered[id] === object, !object.hasChanges {
                registered[id] = nil
                object.managedObjectContext = nil
            }
            throw error
        }
        return object
    }

    // MARK: - Faults and changes

    /// Loads a fault's values: from the row cache, else with one SELECT.
    ///
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` when the row is gone.
    func fulfill(_ object: ManagedObject) throws {
        guard object.isFault else { return }
        if let row = object.fetchedRow {
            object.fetchedRow = nil
            // The row its fetch cached, still the cache's entry (no entry replaced or
            // removed since) and still referenced by this object: what the row cache
            // would return, without the coordinator's lock.
            if parent == nil, stalenessInterval < 0, object.holdsCacheReference,
                coordinator.rowCacheGeneration.current == object.fetchedRowGeneration
            {
                coordinator.statistics.record {
                    $0.objectFaultsFired += 1
                    $0.rowCacheHits += 1
                }
                object.snapshot = row
                return
            }
        }
        if let parent, try fulfillFromParent(object, parent) { return }
        let retain = !object.holdsCacheReference
        let maxAge = stalenessInterval < 0 ? nil : UInt64(stalenessInterval * 1e9)
        guard
            let row = try coordinator.snapshot(
                for: object.objectID, retain: retain, maxAge: maxAge)
        else {
            throw KeyValueError.faultNotFulfilled(object: object.objectID)
        }
        object.holdsCacheReference = true
        object.snapshot = row
    }

    /// Records that a saved object changed.
    func noteChange(_ object: ManagedObject) {
        if !object.isInserted && !object.isDeleted { updated.append(object) }
        trackChange(object)
    }
}
