import SQLiteDB

extension StoreCoordinator {
    /// Sets `values` on every row of `entity` that `request`'s predicate selects, with
    /// one `UPDATE … AS t0 SET …, Z_OPT = (Z_OPT + 1) WHERE …` (``BatchSQL``).
    ///
    /// Cost: BEGIN, one UPDATE, COMMIT.
    ///
    /// With `history` (the store tracks persistent history), the UPDATE returns the
    /// changed keys and one history transaction lists them as updates, in the same
    /// transaction.
    ///
    /// - Returns: the rows changed, and their IDs with `returningIDs`.
    /// - Throws: ``FetchError`` for a predicate that does not fit the model, or
    ///   `SQLiteError`.
    func batchUpdate(
        _ entity: Entity, values: [(column: SQLName, value: SQLiteValue)],
        matching request: AnyFetchRequest, returningIDs: Bool, history: BatchHistory? = nil
    ) throws -> (count: Int, ids: [ObjectID]) {
        let condition = try FetchSQL(request: request, entity: entity, model: model)
            .rowCondition()
        let sql = BatchSQL.update(entity, values: values, condition: condition)
        return try executeBatch(
            sql, returningIDs: returningIDs, history: history.map { h in { h.record(updated: $0) } }
        )
    }

    /// Deletes the rows of `keys` from `entity`'s table, or when `keys` is nil every
    /// row `request`'s predicate selects, applying delete rules through
    /// ``DeleteTriggers`` in the same transaction.
    ///
    /// Cost: BEGIN, one `CREATE TEMP TRIGGER` per rule, one DELETE, one `DROP
    /// TRIGGER` per rule, COMMIT.
    ///
    /// - Returns: the rows deleted, and their IDs with `returningIDs`.
    /// - Throws: ``FetchError``, or `SQLiteError` (`SQLITE_CONSTRAINT_TRIGGER` when a
    ///   deny rule refuses).
    func batchDelete(
        _ entity: Entity, keys: [Int64]?, matching request: AnyFetchRequest, returningIDs: Bool,
        history: BatchHistory? = nil
    ) throws -> (count: Int, ids: [ObjectID]) {
        let sql: SQL
        if let keys {
            sql = BatchSQL.delete(from: entity, keys: IntegerList(keys))
        } else {
            let condition = try FetchSQL(request: request, entity: entity, model: model)
                .rowCondition()
            sql = BatchSQL.delete(from: entity, condition: condition)
        }
        let triggers = DeleteTriggers(deleting: entity, model: model)
        return try executeBatch(
            sql, setUp: triggers.create, tearDown: triggers.drop, returningIDs: returningIDs,
            history: history.map { h in { h.record(deleted: $0) } })
    }

    /// Runs one batch UPDATE or DELETE in an exclusive transaction, between `setUp` and
    /// `tearDown` statements (the delete-rule triggers). With `returningIDs` the
    /// statement carries `RETURNING Z_ENT, Z_PK` and the IDs come back. With `history`
    /// it returns them anyway and records the history transaction `history` makes of
    /// them before the commit.
    ///
    /// Cost: BEGIN, `setUp.count` + 1 + `tearDown.count` statements, COMMIT; with
    /// history, ``recordHistory(_:on:)``'s INSERTs too.
    ///
    /// - Returns: the rows changed by the statement itself, and their IDs when asked.
    private func executeBatch(
        _ statement: SQL, setUp: [SQL] = [], tearDown: [SQL] = [], returningIDs: Bool,
        history: (([ObjectID]) -> HistoryRecord)? = nil
    ) throws -> (count: Int, ids: [ObjectID]) {
        try withConnection { connection in
            var learnt: [String: Int64] = [:]
            let result = try connection.transaction(.exclusive) {
                for sql in setUp { _ = try connection.execute(sql) }
                var result: (count: Int, ids: [ObjectID])
                if returningIDs || history != nil {
                    let ids = try connection.fetchAll(statement + " RETURNING Z_ENT, Z_PK") {
                        ObjectID(
                            entity: model.entity(id: Int($0.int64(at: 0))),
                            primaryKey: $0.int64(at: 1), store: storeUUID)
                    }
                    result = (ids.count, returningIDs ? ids : [])
                    if let history, !ids.isEmpty {
                        learnt = try recordHistory(history(ids), on: connection)
                    }
                } else {
                    result = (try connection.execute(statement), [])
                }
                for sql in tearDown { _ = try connection.execute(sql) }
                return result
            }
            historyStrings.learn(learnt)
            return result
        }
    }

    /// Inserts the rows `nextRow` produces into `entity`'s table in one exclusive
    /// transaction: reads `Z_MAX` once, runs one cached INSERT per row, and advances
    /// `Z_MAX` once at the end. With uniqueness constraints the INSERT is an upsert
    /// (`ON CONFLICT (…) DO UPDATE SET …, Z_OPT = (Z_OPT + 1) RETURNING Z_PK`), so a
    /// row matching an existing one updates it and keeps its key.
    ///
    /// - Parameters:
    ///   - nextRow: binds the next row's attribute values on the statement (parameters
    ///     4 and on) and returns true, or returns false when done.
    ///   - collectKeys: whether to return each row's `Z_PK`.
    ///   - history: when the store tracks persistent history: one history transaction
    ///     lists the new rows as inserts (rows an upsert merged into an existing one as
    ///     updates), recorded before the commit.
    /// - Returns: the rows written, and their keys when collected.
    func batchInsert(
        into entity: Entity, collectKeys: Bool, history: BatchHistory? = nil,
        _ nextRow: (Statement) throws -> Bool
    ) throws -> (count: Int, keys: [Int64]) {
        try withConnection { connection in
            var learnt: [String: Int64] = [:]
            let result: (count: Int, keys: [Int64]) = try connection.transaction(.exclusive) {
                let root = entity.rootID
                let first =
                    try connection.fetchOne(WriteSQL.lastKey(entityID: root)) {
                        $0.int64(at: 0)
                    } ?? 0
                var key = first
                var keys: [Int64] = []
                var written: (inserted: [Int64], updated: [Int64]) = ([], [])
                let insert = BatchSQL.insert(into: entity)
                let count = try withRowTracing(connection) {
                    try connection.withCachedStatement(insert) { statement in
                        let before = statement.cumulativeStatus
                        let isUpsert = !entity.uniquenessConstraints.isEmpty
                        var count = 0
                        while try nextRow(statement) {
                            key += 1
                            count += 1
                            try statement.bind(.integer(key), at: 1)
                            var returned = key
                            if isUpsert, try statement.step() { returned = statement.int64(at: 0) }
                            try statement.run()
                            statement.reset()
                            if collectKeys { keys.append(returned) }
                            if history != nil {
                                if returned == key {
                                    written.inserted.append(key)
                                } else {
                                    written.updated.append(returned)
                                }
                            }
                        }
                        return (count, statement.cumulativeStatus.subtracting(before))
                    }
                }
                if key > first {
                    try connection.execute(
                        WriteSQL.advanceLastKey(entityID: root, from: first, to: key))
                }
                if let history, count > 0 {
                    let id = { ObjectID(entity: entity, primaryKey: $0, store: self.storeUUID) }
                    learnt = try recordHistory(
                        history.record(
                            inserted: written.inserted.map(id), updated: written.updated.map(id)),
                        on: connection)
                }
                return (count, keys)
            }
            historyStrings.learn(learnt)
            return result
        }
    }

    /// Runs the per-row INSERTs of a batch insert. With no engine trace sink attached
    /// (the statistics are then the only trace sink), they run untraced, since a trace event
    /// per row would cost more than the row itself, and their counters (statements,
    /// inserts, rows written, VM steps) are added to the statistics in one step: the
    /// totals are the same as traced.
    private func withRowTracing(
        _ connection: Connection, _ body: () throws -> (Int, StatementStatus)
    ) throws -> Int {
        guard lockedTrace == nil else { return try body().0 }
        connection.removeTraceSink(statistics)
        defer { connection.addTraceSink(statistics) }
        let (count, status) = try body()
        statistics.record { counters in
            counters.statementCount += count
            counters.insertCount += count
            counters.rowsWritten += count
            counters.vmSteps += status.vmSteps
            counters.fullScanSteps += status.fullScanSteps
            counters.sortCount += status.sorts
            counters.autoIndexRows += status.autoIndexRows
        }
        return count
    }
}
