import SQLiteDB

/// The statements a migration runs on the store in place (docs/MIGRATION.md): tables
/// renamed aside, copied with `INSERT … SELECT`, altered column by column, dropped; the
/// `Z_PRIMARYKEY` rewrite; the reads of source rows. `LightweightMigrator`,
/// `CustomMigrator`, `DeferredCleanup` and `IndexReconciliation` decide what to
/// run and run it through `Connection.migrationStep(_:path:)`; the text is here.
///
/// Values are bound; names are `SQLName`s from the model or the store's own schema.
/// Source rows are read as the alias `s` (`ColumnValue` expressions refer to it).
enum MigrationSQL {
    // MARK: - Tables and indexes

    static func renameTable(_ table: SQLName, to name: SQLName) -> SQL {
        "ALTER TABLE \(table) RENAME TO \(name)"
    }

    static func dropTable(_ table: SQLName) -> SQL {
        "DROP TABLE \(table)"
    }

    static func dropIndex(_ name: SQLName) -> SQL {
        "DROP INDEX \(name)"
    }

    // MARK: - Columns (in-place changes)

    static func dropColumn(_ column: SQLName, of table: SQLName) -> SQL {
        "ALTER TABLE \(table) DROP COLUMN \(column)"
    }

    static func renameColumn(_ old: SQLName, to new: SQLName, of table: SQLName) -> SQL {
        "ALTER TABLE \(table) RENAME COLUMN \(old) TO \(new)"
    }

    /// `type` is the column's declared type from `StoreSchema` (text, not a value).
    static func addColumn(_ column: SQLName, type: String, to table: SQLName) -> SQL {
        "ALTER TABLE \(table) ADD COLUMN \(column) \(raw: type)"
    }

    /// Deletes the rows of the entities numbered `entities` (sub-entities removed).
    static func deleteRows(of table: SQLName, entities: [Int]) -> SQL {
        "DELETE FROM \(table) WHERE Z_ENT IN (SELECT * FROM _Z_intarray0("
            + "\(IntegerList(entities.map(Int64.init)))))"
    }

    /// Sets `column` to `value` in the rows of `entities` (a new column's default).
    static func setColumn(
        _ column: SQLName, of table: SQLName, to value: SQLiteValue, entities: [Int]
    ) -> SQL {
        "UPDATE \(table) SET \(column) = \(value) WHERE Z_ENT IN "
            + "(SELECT * FROM _Z_intarray0(\(IntegerList(entities.map(Int64.init)))))"
    }

    /// Replaces NULL in `column` by `value` in the rows of `entities` (optional made
    /// required).
    static func fillNulls(
        _ column: SQLName, of table: SQLName, with value: SQLiteValue, entities: [Int]
    ) -> SQL {
        "UPDATE \(table) SET \(column) = \(value) WHERE \(column) IS NULL AND Z_ENT IN "
            + "(SELECT * FROM _Z_intarray0(\(IntegerList(entities.map(Int64.init)))))"
    }

    // MARK: - Copies

    /// The key of source row `s` in the destination: shifted by `offset` when
    /// hierarchies merge.
    static func shiftedKey(_ offset: Int64) -> SQL {
        offset == 0 ? "s.Z_PK" : "s.Z_PK + \(offset)"
    }

    /// Fills `table`'s `columns` with `expressions` over the rows `s` of `source` whose
    /// entity is `entity`.
    static func copyRows(
        into table: SQLName, columns: [SQL], expressions: [SQL], from source: SQLName,
        entity: Int
    ) -> SQL {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT "
            + "\(expressions.joined(separator: ", ")) FROM \(source) s "
            + "WHERE s.Z_ENT = \(Int64(entity))"
    }

    /// Fills join table `join`'s `columns` with the rows of `select` (`joinPairs(_:from:filter:)`).
    static func fillJoin(_ join: SQLName, columns: [SQL], from select: SQL) -> SQL {
        "INSERT INTO \(join) (\(columns.joined(separator: ", "))) " + select
    }

    /// The pairs (and orders) an old table relates, as `expressions` over its rows `s`.
    static func joinPairs(_ expressions: [SQL], from table: SQLName, filter: SQL) -> SQL {
        "SELECT \(expressions.joined(separator: ", ")) FROM \(table) s" + filter
    }

    /// ` WHERE` row `s` belongs to entities `entities` and `column` is set.
    static func rows(of entities: ClosedRange<Int>, where column: SQLName) -> SQL {
        " WHERE s.Z_ENT BETWEEN \(Int64(entities.lowerBound)) AND "
            + "\(Int64(entities.upperBound)) AND s.\(column) IS NOT NULL"
    }

    /// Positions 1, 2, … of each `group`'s rows, ordered by `key`.
    static func position(within group: SQL, by key: SQL) -> SQL {
        "row_number() OVER (PARTITION BY \(group) ORDER BY \(key))"
    }

    /// Old column `column` of source row `s`.
    static func sourceColumn(_ column: SQLName) -> SQL {
        "s.\(column)"
    }

    // MARK: - Source rows

    /// Up to `limit` rows (all when 0) of `entities` in `table` with keys above `after`,
    /// in key order: `Z_PK` then `columns`. One seek per chunk (the key is the rowid).
    static func sourceRows(
        _ columns: [SQLName], from table: SQLName, entities: ClosedRange<Int>, after: Int64,
        limit: Int
    ) -> SQL {
        let list = (["Z_PK"] + columns.map { "\($0)" as SQL }).joined(separator: ", ")
        var sql: SQL =
            "SELECT \(list) FROM \(table) WHERE Z_ENT BETWEEN "
            + "\(Int64(entities.lowerBound)) AND "
            + "\(Int64(entities.upperBound)) AND Z_PK > \(after) ORDER BY Z_PK"
        if limit > 0 { sql.append(" LIMIT \(Int64(limit))") }
        return sql
    }

    // MARK: - Z_PRIMARYKEY

    /// Entity number `entity`'s key counter.
    static func keyCounter(of entity: Int) -> SQL {
        "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(Int64(entity))"
    }

    /// The largest key in `table`, 0 when empty.
    static func largestKey(in table: SQLName) -> SQL {
        "SELECT coalesce(max(Z_PK), 0) FROM \(table)"
    }

    static let deleteKeyCounters: SQL = "DELETE FROM Z_PRIMARYKEY"

    /// One entity's row: number, name, parent number (0 for a root), counter.
    static func insertKeyCounter(entity: Int, name: String, parent: Int?, counter: Int64) -> SQL {
        "INSERT INTO Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES("
            + "\(Int64(entity)), \(name), \(Int64(parent ?? 0)), "
            + "\(counter))"
    }
}
