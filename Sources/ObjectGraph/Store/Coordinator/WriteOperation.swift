import SQLiteDB

/// One row change of a save, in terms of tables and keys (all IDs already permanent).
enum WriteOperation {
    /// A new row with every column; `Z_OPT` is the snapshot's version (1). `values` are
    /// the snapshot's values as they were built, bound as they are: binding from the
    /// snapshot would decode every text column into a new `String` again.
    case insert(RowSnapshot, values: [SQLiteValue])
    /// Changed columns of an existing row, guarded by its version.
    case update(Update)
    /// A removed row, guarded by its version.
    case delete(ObjectID, version: Int64)
    /// A new join-table row.
    case link(ResolvedRelationship.JoinTable, source: Int64, destination: Int64)
    /// A removed join-table row.
    case unlink(ResolvedRelationship.JoinTable, source: Int64, destination: Int64)
    /// Every join-table row of a deleted object (whatever the delete rule left behind).
    case unlinkAll(ResolvedRelationship.JoinTable, source: Int64)
    /// A member's position in an ordered one-to-many (`Z_FOK_<INVERSE>` of its row).
    case position(table: SQLName, column: SQLName, key: Int64, position: Int64)
    /// A member's position in an ordered many-to-many (`Z_FOK_…` of its join row).
    case joinPosition(
        ResolvedRelationship.JoinTable, source: Int64, destination: Int64, position: Int64)

    /// An UPDATE: the columns to set and the row as it will be after the save.
    struct Update {
        /// The changed columns, in snapshot order.
        let columns: [SQLName]
        /// Their new values.
        let values: [SQLiteValue]
        /// `Z_OPT` as read; the statement matches only if the row still has it.
        let expectedVersion: Int64
        /// The row after the update, version included, for the row cache.
        let result: RowSnapshot
    }

    /// The object whose row this writes, if any.
    var objectID: ObjectID? {
        switch self {
        case .insert(let row, _): return row.objectID
        case .update(let update): return update.result.objectID
        case .delete(let id, _): return id
        case .link, .unlink, .unlinkAll, .position, .joinPosition: return nil
        }
    }
}
