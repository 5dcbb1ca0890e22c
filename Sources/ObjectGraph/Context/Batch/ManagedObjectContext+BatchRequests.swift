import SQLiteDB

extension ManagedObjectContext {
    /// Inserts a batch insert request's rows straight into the store.
    ///
    /// Cost: one exclusive transaction: `SELECT Z_MAX`, one INSERT per row through one
    /// prepared statement, one `UPDATE Z_PRIMARYKEY`. No object is created and this
    /// context's objects are untouched. With persistent history tracking, one history
    /// transaction (this context's author and name) lists the new rows as inserts and
    /// rows an upsert merged as updates, written in the same transaction.
    ///
    /// - Parameter request: The entity and the rows (dictionaries or a handler) to insert.
    /// - Returns: the status, the row count or the new rows' IDs.
    /// - Throws: ``FetchError/unknownEntity(_:)``, ``KeyValueError`` for an unknown key
    ///   or a value of the wrong type (nothing is inserted), or `SQLiteError`.
    @discardableResult
    public func execute(_ request: BatchInsertRequest) throws -> BatchResult {
        checkQueue()
        let start = MonotonicClock.now()
        guard let entity = coordinator.model.entity(named: request.entityName),
            !entity.isAbstract
        else { throw FetchError.unknownEntity(request.entityName) }
        let binder = BatchRowBinder(entity: entity, model: coordinator.model)
        let collect = request.resultType == .objectIDs
        let nextRow: (Statement) throws -> Bool
        switch request.rows {
        case .dictionaries(let fill):
            var row: [String: Any] = [:]
            nextRow = { statement in
                row.removeAll(keepingCapacity: true)
                if fill(&row) { return false }
                try binder.bind(row, to: statement)
                return true
            }
        case .objects(let fill):
            let row = try scratchObject(for: request, entity: entity)
            nextRow = { statement in
                row.attributeChanges.clear()
                if fill(row) { return false }
                try binder.bind(row, to: statement)
                return true
            }
        }
        let history = batchHistory(
            entity, properties: entity.attributes.indices.map { $0 })
        let (count, keys) = try coordinator.batchInsert(
            into: entity, collectKeys: collect, history: history, nextRow)
        finishBatch("insert", entity: entity, rows: count, start: start)
        let ids = keys.map {
            ObjectID(entity: entity, primaryKey: $0, store: coordinator.storeUUID)
        }
        return .make(request.resultType, count: count, ids: ids)
    }

    /// The reused object a `managedObjectHandler` fills: inserted (so its writes are
    /// plain changes) but registered nowhere.
    private func scratchObject(for request: BatchInsertRequest, entity: Entity) throws
        -> ManagedObject
    {
        guard TypedClassCheck.isSubclass(entity.objectClass, of: request.objectClass) else {
            throw FetchError.resultClassMismatch(
                entity: entity.name, objectClass: "\(entity.objectClass)",
                requested: "\(request.objectClass)")
        }
        let object = entity.makeObject(ObjectID(temporaryFor: entity), context: self)
        object.isInserted = true
        object.isBatchRow = true
        return object
    }

    /// Updates every row a batch update request selects with one statement.
    ///
    /// Cost: BEGIN, one `UPDATE … SET …, Z_OPT = (Z_OPT + 1) WHERE …`, COMMIT. Loaded
    /// objects keep their values until merged or refreshed. With persistent history
    /// tracking the UPDATE returns the changed keys and one history transaction lists
    /// them as updates of the properties set, in the same transaction.
    ///
    /// - Parameter request: The entity, predicate and new values.
    /// - Throws: ``FetchError``, ``KeyValueError`` or `SQLiteError`.
    @discardableResult
    public func execute(_ request: BatchUpdateRequest) throws -> BatchResult {
        checkQueue()
        let start = MonotonicClock.now()
        let fetch = FetchRequest(entityName: request.entityName)
        fetch.predicate = request.predicate
        let entity = try entity(for: fetch)
        let values = try BatchRowBinder(entity: entity, model: coordinator.model).assignments(
            request.propertiesToUpdate)
        let names = Set(request.propertiesToUpdate.keys)
        let history = batchHistory(
            entity,
            properties: entity.attributes.indices.filter {
                names.contains(entity.attributes[$0].name)
            })
        let result = try coordinator.batchUpdate(
            entity, values: values, matching: fetch, returningIDs: request.resultType == .objectIDs,
            history: history)
        finishBatch("update", entity: entity, rows: result.count, start: start)
        return .make(request.resultType, count: result.count, ids: result.ids)
    }

    /// Deletes every row a batch delete request selects with one DELETE, applying delete
    /// rules through temporary triggers in the same transaction.
    ///
    /// Cost: BEGIN, one `CREATE TEMP TRIGGER` per rule, one DELETE, one `DROP TRIGGER`
    /// per rule, COMMIT. Loaded objects stay until merged. With persistent history
    /// tracking the DELETE returns the deleted keys and one history transaction lists
    /// them as deletes (rows a cascade rule deleted through the triggers are not
    /// listed), in the same transaction.
    ///
    /// - Parameter request: A fetch request (or object IDs) selecting the rows to delete.
    /// - Throws: ``FetchError``, or `SQLiteError` (`SQLITE_CONSTRAINT_TRIGGER` when a
    ///   deny rule refuses; nothing is deleted).
    @discardableResult
    public func execute(_ request: BatchDeleteRequest) throws -> BatchResult {
        checkQueue()
        let start = MonotonicClock.now()
        var entity = try entity(for: request.fetchRequest)
        if request.objectIDs != nil { entity = coordinator.model.entity(id: entity.rootID) }
        let result = try coordinator.batchDelete(
            entity, keys: request.objectIDs?.compactMap(\.primaryKey),
            matching: request.fetchRequest, returningIDs: request.resultType == .objectIDs,
            history: batchHistory(entity, properties: []))
        finishBatch("delete", entity: entity, rows: result.count, start: start)
        return .make(request.resultType, count: result.count, ids: result.ids)
    }

    /// What a batch request records in persistent history, when the store tracks it:
    /// this context's author and name, and the mask of `properties` (attribute indices)
    /// for updated rows. Core Data: a history transaction is "a set of changes based on
    /// a context save or batch operation".
    private func batchHistory(_ entity: Entity, properties: [Int]) -> BatchHistory? {
        guard coordinator.isHistoryTracked else { return nil }
        return BatchHistory(
            author: transactionAuthor, contextName: name,
            updatedColumns: HistoryRecord.columnMask(
                properties, count: entity.attributes.count + entity.relationships.count))
    }

    private func finishBatch(_ kind: String, entity: Entity, rows: Int, start: UInt64) {
        coordinator.statistics.record {
            $0.batchRequests += 1
            $0.batchRowsAffected += rows
        }
        coordinator.trace?.batchRequestCompleted(
            kind, table: entity.tableName, rows: rows, nanoseconds: MonotonicClock.now() &- start)
    }
}
