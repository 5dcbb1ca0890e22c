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
    /// `Z_MAX` once at the end.
    ///
    /// - Parameter nextRow: binds the next row's attribute values on the statement
    ///   (parameters 4 and on) and returns true, or returns false when done.
    /// - Returns: the first and last primary key inserted (an empty range for none).
    func batchInsert(into entity: Entity, _ nextRow: (Statement) throws -> Bool) throws
        -> ClosedRange<Int64>?
    {
        try withConnection { connection in
            try connection.transaction(.exclusive) {
                let root = entity.rootID
                let first =
                    try connection.fetchOne("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(root)") {
                        $0.int64(at: 0)
                    } ?? 0
                var key = first
                let placeholders = [SQLArgument](repeating: nil, count: entity.columns.count)
                let insert = SQL(
                    text: insertText(for: entity), arguments: [0, .value(.integer(Int64(entity.id))), 1] + placeholders)
                try connection.withCachedStatement(insert) { statement in
                    while try nextRow(statement) {
                        key += 1
                        try statement.bind(.integer(key), at: 1)
                        try statement.run()
                        statement.reset()
                    }
                }
                guard key > first else { return nil }
                try connection.execute(
                    "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(key) WHERE Z_ENT = \(root) AND "
                        + "Z_MAX = \(first)")
                return (first + 1)...key
            }
        }
    }
}
