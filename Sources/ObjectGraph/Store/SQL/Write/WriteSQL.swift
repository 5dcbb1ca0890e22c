import SQLiteDB

/// The statements of a save and of key reservation, in Core Data's shapes: the
/// per-entity INSERT, `UPDATE … SET <changed>, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?`,
/// the guarded DELETE, join-table rows and ordered positions, and the `Z_PRIMARYKEY`
/// reads and writes that hand out keys.
package enum WriteSQL {
    /// `INSERT INTO ZPOST(Z_PK, Z_ENT, Z_OPT, ZA, …, ZAUTHOR) VALUES(?, ?, …)`: every
    /// snapshot column of `entity` in slot order, after the three identity columns.
    ///
    /// Why `package`: the dataset writers load rows with this exact statement, so the
    /// raw floor and the engine insert the same text. Cost: built once per entity and
    /// cached (by the coordinator, or the caller); each argument is a NULL placeholder
    /// to bind: `Z_PK` at 1, `Z_ENT` at 2, `Z_OPT` at 3, snapshot slot i at i + 4.
    ///
    /// - Parameter entity: a resolved entity (its columns are validated names).
    /// - Returns: the statement with one NULL argument per column.
    package static func insert(into entity: Entity) -> SQL {
        let columns = ["Z_PK", "Z_ENT", "Z_OPT"] + entity.columns
        let marks = [SQL](repeating: "\(SQLiteValue.null)", count: columns.count)
        return
            "INSERT INTO \(entity.table)(\(columns.map { "\($0)" as SQL }.joined(separator: ", "))) "
            + "VALUES(\(marks.joined(separator: ", ")))"
    }

    /// `INSERT INTO Z_1TAGS(Z_1POSTS, Z_3TAGS) VALUES(?, ?)`: one join-table row.
    ///
    /// Why `package`: the dataset writers add join rows with it. Cost: one string per
    /// call.
    ///
    /// - Returns: the statement with both keys bound.
    package static func link(
        _ join: ResolvedRelationship.JoinTable, source: Int64, destination: Int64
    )
        -> SQL
    {
        "INSERT INTO \(join.name)(\(join.sourceColumn), \(join.destinationColumn)) "
            + "VALUES(\(source), \(destination))"
    }

    /// The statement of one save operation other than an insert (those run through the
    /// cached ``insert(into:)``).
    static func statement(for operation: WriteOperation) -> SQL {
        switch operation {
        case .insert:
            preconditionFailure("inserts run through the cached INSERT")
        case .update(let update):
            return self.update(update)
        case .delete(let id, let version):
            return "DELETE FROM \(id.entity.table) WHERE Z_PK = \(id.primaryKey!) "
                + "AND Z_OPT = \(version)"
        case .link(let join, let source, let destination):
            return link(join, source: source, destination: destination)
        case .unlink(let join, let source, let destination):
            return "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = \(source) "
                + "AND \(join.destinationColumn) = \(destination)"
        case .position(let table, let column, let key, let position):
            return "UPDATE \(table) SET \(column) = \(position) WHERE Z_PK = \(key)"
        case .joinPosition(let join, let source, let destination, let position):
            return "UPDATE \(join.name) SET \(join.orderColumn!) = \(position) WHERE "
                + "\(join.sourceColumn) = \(source) AND \(join.destinationColumn) = "
                + "\(destination)"
        case .unlinkAll(let join, let source):
            return "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = \(source)"
        }
    }

    private static func update(_ update: WriteOperation.Update) -> SQL {
        let id = update.result.objectID
        var assignments = zip(update.columns, update.values).map { column, value -> SQL in
            "\(column) = \(value)"
        }
        assignments.append("Z_OPT = \(update.result.version)")
        return "UPDATE \(id.entity.table) SET \(assignments.joined(separator: ", ")) "
            + "WHERE Z_PK = \(id.primaryKey!) AND Z_OPT = \(update.expectedVersion)"
    }

    /// `SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?`: the last key handed out.
    static func lastKey(entityID: Int) -> SQL {
        "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(entityID)"
    }

    /// `UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?`: moves
    /// the last key from `current` to `next`, matching no row if someone moved it.
    static func advanceLastKey(entityID: Int, from current: Int64, to next: Int64) -> SQL {
        "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(next) WHERE Z_ENT = \(entityID) AND "
            + "Z_MAX = \(current)"
    }
}
