import SQLiteDB

/// The statements of a custom migration (`CustomMigrator`) that go through its key
/// table `_MIGRATION_KEYS` (mapping number, source key, destination key): made per
/// destination object, then read to set relationships in SQL. The table statements it
/// shares with a lightweight migration are `MigrationSQL`'s.
enum CustomMigrationSQL {
    // MARK: - The key table

    static let createKeyTable: SQL =
        "CREATE TEMP TABLE _MIGRATION_KEYS (mapping INTEGER, source INTEGER, "
        + "destination INTEGER, PRIMARY KEY (mapping, source)) WITHOUT ROWID"

    static let createKeyIndex: SQL =
        "CREATE INDEX temp._MIGRATION_KEYS_DESTINATION ON _MIGRATION_KEYS (mapping, destination)"

    static let dropKeyTable: SQL = "DROP TABLE temp._MIGRATION_KEYS"

    /// Prepared once; binds mapping number, source key, destination key.
    static let insertKey: SQL = "INSERT INTO temp._MIGRATION_KEYS VALUES (?, ?, ?)"

    /// What a failed `insertKey` names as its step.
    static let insertKeyStep: SQL = "INSERT INTO temp._MIGRATION_KEYS"

    // MARK: - Objects

    /// Prepared once per mapping: `Z_PK`, `Z_ENT`, `Z_OPT` and `columns`, all bound.
    static func insertObject(into table: SQLName, columns: [SQLName]) -> SQL {
        let names: [SQL] = ["Z_PK", "Z_ENT", "Z_OPT"] + columns.map { "\($0)" }
        let placeholders = [String](repeating: "?", count: names.count).joined(separator: ", ")
        return SQL(
            text:
                "INSERT INTO \(table.sql) (\(names.map(\.text).joined(separator: ", "))) "
                + "VALUES (\(placeholders))")
    }

    // MARK: - Relationships

    /// Relates, in join table `join`, the objects made from each pair `(o, t)` of
    /// `pairs` by mappings `number` (owner) and `other` (target).
    static func relate(
        _ join: ResolvedRelationship.JoinTable, pairs: SQL, number: Int, other: Int
    ) -> SQL {
        "INSERT OR IGNORE INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) "
            + "SELECT k1.destination, k2.destination FROM (\(pairs)) p "
            + "JOIN temp._MIGRATION_KEYS k1 ON k1.mapping = \(Int64(number)) AND k1.source = p.o "
            + "JOIN temp._MIGRATION_KEYS k2 ON k2.mapping = \(Int64(other)) AND k2.source = p.t"
    }

    /// The destination keys mapping `number` made.
    static func keysMade(by number: Int) -> SQL {
        "SELECT destination FROM temp._MIGRATION_KEYS WHERE mapping = \(Int64(number))"
    }

    /// For a row of `table`, the object mapping `other` made from the same source
    /// object mapping `number` made the row from.
    static func sameSourceTarget(in table: SQLName, number: Int, other: Int) -> SQL {
        "SELECT k2.destination FROM temp._MIGRATION_KEYS k1 JOIN temp._MIGRATION_KEYS k2 "
            + "ON k2.mapping = \(Int64(other)) AND k2.source = k1.source "
            + "WHERE k1.mapping = \(Int64(number)) AND k1.destination = \(table).Z_PK"
    }

    /// For a row of `table`, the object mapping `other` made from the object its source
    /// row (in `oldTable`) refers to through `oldColumn`.
    static func relatedTarget(
        in table: SQLName, oldTable: SQLName, oldColumn: SQLName, number: Int, other: Int
    ) -> SQL {
        "SELECT k2.destination FROM temp._MIGRATION_KEYS k1 JOIN \(oldTable) s "
            + "ON s.Z_PK = k1.source JOIN temp._MIGRATION_KEYS k2 ON k2.mapping = "
            + "\(Int64(other)) AND k2.source = s.\(oldColumn) "
            + "WHERE k1.mapping = \(Int64(number)) AND k1.destination = \(table).Z_PK"
    }

    /// Sets foreign key `column` of the rows `mine` selects to `value` (a subquery).
    static func setForeignKey(_ column: SQLName, of table: SQLName, to value: SQL, rows mine: SQL)
        -> SQL
    {
        "UPDATE \(table) SET \(column) = (\(value)) WHERE Z_PK IN (\(mine))"
    }

    /// Sets the entity-number column of a set foreign key to `entity`.
    static func setEntityColumn(
        _ entityColumn: SQLName, of table: SQLName, to entity: Int, key: SQLName, rows mine: SQL
    ) -> SQL {
        "UPDATE \(table) SET \(entityColumn) = \(Int64(entity)) WHERE \(key) "
            + "IS NOT NULL AND Z_PK IN (\(mine))"
    }

    // MARK: - Source pairs (`SELECT o, t`)

    /// The pairs an old join table holds.
    static func pairs(in join: SQLName, source: SQLName, destination: SQLName) -> SQL {
        "SELECT \(source) AS o, \(destination) AS t FROM \(join)"
    }

    /// The pairs an old foreign key `column` of `table` relates (owner is the row).
    static func pairs(ownedBy table: SQLName, through column: SQLName) -> SQL {
        "SELECT Z_PK AS o, \(column) AS t FROM \(table) WHERE \(column) IS NOT NULL"
    }

    /// The pairs an old inverse foreign key `column` of `table` relates (target is the row).
    static func pairs(targetedIn table: SQLName, through column: SQLName) -> SQL {
        "SELECT \(column) AS o, Z_PK AS t FROM \(table) WHERE \(column) IS NOT NULL"
    }
}
