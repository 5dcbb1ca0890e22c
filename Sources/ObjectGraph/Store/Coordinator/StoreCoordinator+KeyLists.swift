import SQLiteDB

extension StoreCoordinator {
    /// Runs a SELECT that reads a bound key list (`… IN (SELECT * FROM
    /// _Z_intarray0(?))`): a batch of a batched fetch or one prefetch level (the SQL log
    /// writes Core Data's `Bound intarray` annotations for it). Every row goes into the
    /// row cache with one reference for the fetching context.
    ///
    /// Cost: one SELECT.
    ///
    /// - Parameter ownerColumn: the result column holding the key each row was found
    ///   by (a foreign key or join-table column), or nil to use the row's own `Z_PK`.
    /// - Returns: each row with its owner key.
    func fetchRows(
        keyedBy sql: SQL, layout: RowLayout, ownerColumn: Int32?
    ) throws -> [(row: RowSnapshot, owner: Int64)] {
        try withConnection { connection in
            try explainIfLogging(sql, on: connection)
            let rows = try connection.fetchAll(sql) { statement in
                let row = layout.snapshot(from: statement, model: model, store: storeUUID)
                let owner = ownerColumn.map { statement.int64(at: $0) }
                return (row: row, owner: owner ?? row.objectID.primaryKey ?? 0)
            }
            lockedRowCache { rowCache in
                rowCache.reserve(rows.count)
                let now = MonotonicClock.now()
                for entry in rows { rowCache.store(entry.row, retain: true, at: now) }
            }
            return rows
        }
    }
}
