import SQLiteDB

extension ManagedObjectContext {
    /// The objects a request selects, in its order.
    ///
    /// Cost: one SELECT, whatever the options; with the defaults the rows' values go
    /// into the row cache and the objects come back as faults that fill from it with no
    /// more SQL. With ``AnyFetchRequest/includesPendingChanges`` (the default) unsaved
    /// inserts that match are added (the predicate runs on them in memory) and unsaved
    /// deletes are left out. With ``AnyFetchRequest/fetchBatchSize`` B the SELECT reads
    /// only IDs and the result loads B objects per batch on first touch (one SELECT
    /// each); unsaved inserts matching a sorted batched request make it load at once.
    /// Each prefetch key path level adds one SELECT (per batch when batched).
    ///
    /// In a child context the fetch still runs one SELECT, and sees the unsaved
    /// changes of its ancestors: their inserts that match (in memory), their updates
    /// (values overlaid, predicate and order re-evaluated in memory), not their
    /// deletes. When they changed objects of the entity, the result is loaded whole
    /// (no batches, no prefetching).
    ///
    /// - Parameter request: The request; its `resultType` must be `.managedObject` (the other types
    ///   have their own methods).
    /// - Throws: ``FetchError`` for a request that does not fit the model, or
    ///   `SQLiteError`.
    public func fetch<Result>(_ request: FetchRequest<Result>) throws -> FetchResults<Result> {
        checkQueue()
        precondition(
            request.resultType == .managedObject,
            "fetch(_:) returns objects; use fetchObjectIDs, fetchDictionaries or count(for:)")
        let start = MonotonicClock.now()
        let entity = try entity(for: request)
        try checkResultClass(of: request, entity: entity)
        let results: FetchResults<Result>
        if parent != nil, let changes = try ancestorChanges(for: entity) {
            results = FetchResults(try fetchInChild(request, entity: entity, changes: changes))
        } else if request.fetchBatchSize > 0,
            let batched = try fetchBatched(request, entity: entity)
        {
            results = FetchResults(batched: batched)
        } else {
            results = FetchResults(try fetchAll(request, entity: entity))
        }
        let trace = coordinator.trace
        trace?.fetchCompleted(
            nanoseconds: MonotonicClock.now() &- start, rows: results.count, entity: entity.name)
        if projectionAudit != nil || trace?.projectionAudit != nil {
            audit(results, trace?.projectionAudit, request: request, entity: entity)
        }
        return results
    }

    /// Records the fetch in `audit` and makes it this context's, or forgets the last
    /// one when no sink wants an audit any more.
    private func audit<Result>(
        _ results: FetchResults<Result>, _ audit: ProjectionAudit?, request: AnyFetchRequest,
        entity: Entity
    ) {
        projectionAudit = audit
        guard let audit else { return }
        if let ids = results.batchedIDs {
            audit.fetched(ids: ids, entity: entity, request: request)
        } else {
            audit.fetched(results.loadedObjects, entity: entity, request: request)
        }
    }

    private func fetchAll(_ request: AnyFetchRequest, entity: Entity) throws -> [ManagedObject] {
        var objects: [ManagedObject]
        if let keys = request.propertiesToFetch?.map(\.name), request.includesPropertyValues {
            objects = try fetchPartial(request, entity: entity, keys: keys)
        } else if request.includesPropertyValues {
            let fetched = try coordinator.fetchCachedRows(for: request, entity: entity)
            objects = register(
                fetched.rows, asFaults: request.returnsObjectsAsFaults,
                generation: fetched.generation)
        } else {
            objects = try coordinator.fetchObjectIDs(for: request, entity: entity).map {
                object(with: $0)
            }
        }
        if !request.relationshipKeyPathsForPrefetching.isEmpty {
            try Prefetcher(context: self).prefetch(
                request.relationshipKeyPathsForPrefetching, for: objects, root: entity)
        }
        if request.includesPendingChanges {
            objects = try mergePendingChanges(into: objects, request: request, entity: entity)
        }
        return objects
    }

    /// The batched form: one ID SELECT with the full WHERE and ORDER BY; nil when
    /// pending inserts must be sorted in, which needs every object loaded.
    private func fetchBatched(_ request: AnyFetchRequest, entity: Entity) throws
        -> BatchFaultingArray?
    {
        let additions =
            request.includesPendingChanges
            ? try pending(inserted.objects, matching: request, entity: entity) : []
        if !additions.isEmpty && !request.sortDescriptors.isEmpty { return nil }
        var ids = try coordinator.fetchObjectIDs(for: request, entity: entity)
        if request.includesPendingChanges && !deleted.isEmpty {
            ids.removeAll { registered[$0]?.isDeleted == true }
        }
        ids += additions.map(\.objectID)
        if request.fetchLimit > 0 && ids.count > request.fetchLimit {
            ids.removeLast(ids.count - request.fetchLimit)
        }
        return BatchFaultingArray(ids: ids, request: request, entity: entity, context: self)
    }

    /// How many objects a request selects, without loading them.
    ///
    /// Cost: one `SELECT COUNT(…)`; with pending changes, the predicate also runs in
    /// memory on unsaved inserts and deletes. In a child context whose ancestors
    /// changed objects of the entity, one SELECT of the matching rows' keys instead
    /// (nothing loaded), counted after the ancestors' changes are applied in memory.
    ///
    /// - Parameter request: The request; sort descriptors and batch size are ignored.
    /// - Throws: ``FetchError`` or `SQLiteError`.
    public func count(for request: AnyFetchRequest) throws -> Int {
        checkQueue()
        let start = MonotonicClock.now()
        let entity = try entity(for: request)
        if parent != nil, let changes = try ancestorChanges(for: entity) {
            return try countInChild(request, entity: entity, changes: changes)
        }
        var count = try coordinator.count(for: request, entity: entity)
        if request.includesPendingChanges {
            count += try pending(inserted.objects, matching: request, entity: entity).count
            count -= try pending(deleted.objects, matching: request, entity: entity).count
        }
        coordinator.trace?.countCompleted(
            nanoseconds: MonotonicClock.now() &- start, count: count, request: request)
        return count
    }

    func entity(for request: AnyFetchRequest) throws -> Entity {
        let model = coordinator.model
        if request.findsEntityByClass {
            switch model.entities(registering: request.resultClass, concreteOnly: false) {
            case .one(let entity): return entity
            case .none: throw FetchError.unregisteredClass("\(request.resultClass)")
            case .several(let names):
                throw FetchError.ambiguousClass("\(request.resultClass)", entities: names)
            }
        }
        guard let entity = model.entity(named: request.entityName) else {
            throw FetchError.unknownEntity(request.entityName)
        }
        return entity
    }

    /// Checks that every entity the fetch can return makes objects of the request's
    /// class, so results need no cast per object.
    private func checkResultClass(of request: AnyFetchRequest, entity: Entity) throws {
        let model = coordinator.model
        for id in entity.descendantIDs where !request.accepts(model.entity(id: id).objectClass) {
            throw FetchError.resultClassMismatch(
                entity: model.entity(id: id).name,
                objectClass: "\(model.entity(id: id).objectClass)",
                requested: "\(request.resultClass)")
        }
    }

    /// Registers fetched rows: the registered instance when there is one (its extra
    /// row-cache reference is dropped), else a new object, a fault unless asked not to.
    /// With the row cache's `generation` after the rows went in, a fault keeps its row
    /// (``ManagedObject/fetchedRow``) and its first read fills from it without the
    /// coordinator's lock while no cache entry has been replaced or removed since.
    func register(_ rows: [RowSnapshot], asFaults: Bool, generation: UInt64? = nil)
        -> [ManagedObject]
    {
        var extraReferences: [ObjectID] = []
        registered.reserveCapacity(registered.count + rows.count)
        // Written in place, each object moved in: appending checked the array's
        // uniqueness and capacity per row and retained and released the object around it.
        let objects = [ManagedObject](unsafeUninitializedCapacity: rows.count) {
            buffer, initialized in
            for index in rows.indices {
                let row = rows[index]
                let id = row.objectID
                let (object, inserted) = registered.value(for: id) {
                    id.makeObject(context: self)
                }
                if !inserted && object.holdsCacheReference { extraReferences.append(id) }
                object.holdsCacheReference = true
                if object.isFault {
                    // The row moved into the object: its copy is the object's reference.
                    if !asFaults {
                        object.snapshot = consume row
                    } else if let generation {
                        object.fetchedRow = consume row
                        object.fetchedRowGeneration = generation
                    }
                }
                buffer.initializeElement(at: index, to: consume object)
                initialized = index + 1
            }
        }
        if !extraReferences.isEmpty {
            coordinator.withRowCache { $0.release(extraReferences) }
        }
        let created = rows.count - extraReferences.count
        coordinator.statistics.record { $0.objectsMaterialized += created }
        return objects
    }

    private func mergePendingChanges(
        into objects: [ManagedObject], request: AnyFetchRequest, entity: Entity
    ) throws -> [ManagedObject] {
        let additions = try pending(inserted.objects, matching: request, entity: entity)
        guard !additions.isEmpty || !deleted.isEmpty else { return objects }
        var merged = objects.filter { !$0.isDeleted } + additions
        if !additions.isEmpty && !request.sortDescriptors.isEmpty {
            merged = try InMemorySort.sorted(merged, by: request.sortDescriptors)
        }
        if request.fetchLimit > 0 && merged.count > request.fetchLimit {
            merged = Array(merged.prefix(request.fetchLimit))
        }
        return merged
    }

    func pending(_ objects: [ManagedObject], matching request: AnyFetchRequest, entity: Entity)
        throws -> [ManagedObject]
    {
        // One model check for the request's entity (sub-entities have all its keys),
        // not one per pending object.
        if let predicate = request.predicate,
            objects.contains(where: { entity.includes($0.entity) })
        {
            try PredicateChecker(model: coordinator.model, root: entity, variable: nil)
                .check(predicate.root)
        }
        return try objects.filter { object in
            guard entity.includes(object.entity) else { return false }
            guard let predicate = request.predicate else { return true }
            return try PredicateEvaluator.matches(predicate.root, on: object, checked: true)
        }
    }
}
