import SQLiteDB

extension StoreCoordinator {
    /// Runs one batch UPDATE or DELETE in an exclusive transaction, between `setUp` and
    /// `tearDown` statements (the delete-rule triggers). With `returningIDs` the
    /// statement carries `RETURNING Z_ENT, Z_PK` and the IDs come back.
    ///
    /// Cost: BEGIN, `setUp.count` + 1 + `tearDown.count` statements, COMMIT.
    ///
    /// - Returns: the rows changed by the statement itself, and their IDs when asked.
    func executeBatch(
        _ statement: SQL, setUp: [SQL] = [], tearDown: [SQL] = [], returningIDs: Bool
    ) throws -> (count: Int, ids: [ObjectID]) {
        try withConnection { connection in
            try connection.transaction(.exclusive) {
                for sql in setUp { _ = try connection.execute(sql) }
                var result: (count: Int, ids: [ObjectID])
                if returningIDs {
                    let ids = try connection.fetchAll(statement + " RETURNING Z_ENT, Z_PK") {
                        ObjectID(
                            entity: model.entity(id: Int($0.int64(at: 0))),
                            primaryKey: $0.int64(at: 1), store: storeUUID)
                    }
                    result = (ids.count, ids)
                } else {
                    result = (try connection.execute(statement), [])
                }
                for sql in tearDown { _ = try connection.execute(sql) }
                return result
            }
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
    /// - Returns: the rows written, and their keys when collected.
    func batchInsert(
        into entity: Entity, collectKeys: Bool, _ nextRow: (Statement) throws -> Bool
    ) throws -> (count: Int, keys: [Int64]) {
        try withConnection { connection in
            try connection.transaction(.exclusive) {
                let root = entity.rootID
                let first =
                    try connection.fetchOne("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(root)")
                {
                    $0.int64(at: 0)
                } ?? 0
                var key = first
                var keys: [Int64] = []
                let insert = insertSQL(for: entity)
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
                        }
                        return (count, statement.cumulativeStatus.subtracting(before))
                    }
                }
                if key > first {
                    try connection.execute(
                        "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(key) WHERE Z_ENT = \(root) AND "
                            + "Z_MAX = \(first)")
                }
                return (count, keys)
            }
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

    /// The batch INSERT for `entity`, with placeholder arguments for every column and
    /// the upsert clauses of its uniqueness constraints.
    private func insertSQL(for entity: Entity) -> SQL {
        var text = insertText(for: entity)
        for constraint in entity.uniquenessConstraints {
            let updates =
                entity.attributes.map(\.column).filter { !constraint.contains($0) }
                .map { "\($0) = excluded.\($0)" } + ["Z_OPT = (Z_OPT + 1)"]
            text +=
                " ON CONFLICT (\(constraint.joined(separator: ", "))) DO UPDATE SET "
                + updates.joined(separator: ", ")
        }
        if !entity.uniquenessConstraints.isEmpty { text += " RETURNING Z_PK" }
        let identity: [SQLArgument] = [0, .value(.integer(Int64(entity.id))), 1]
        return SQL(
            text: text,
            arguments: identity + [SQLArgument](repeating: nil, count: entity.columns.count))
    }
}
