import SQLiteDB

/// The statements that set a custom migration's relationship from the objects several
/// entity mappings made (``RelationshipMapping/relatedObjects(ofSourceRelationship:)``),
/// through the key table `_MIGRATION_KEYS` (mapping, source key, destination key) and
/// a temporary pair table `_MIGRATION_PAIRS` (owner, target) of new keys.
///
/// Cost: one pass over the source relationship's pairs joined to the key table by its
/// primary key; the update reads the pair table by its primary key per row.
enum RelatedObjectsSQL {
    /// The pair table, dropped first if a failed step left it.
    static let createPairs: SQL =
        "CREATE TEMP TABLE _MIGRATION_PAIRS (o INTEGER, t INTEGER, PRIMARY KEY (o, t)) WITHOUT ROWID"
    /// Drops the pair table.
    static let dropPairs: SQL = "DROP TABLE IF EXISTS temp._MIGRATION_PAIRS"

    /// Fills the pair table with the new keys of `sourcePairs` (a `SELECT o, t` of old
    /// keys): owners made by mapping `owner`, targets by any of `targets`.
    static func fillPairs(from sourcePairs: SQL, owner: Int, targets: [Int]) -> SQL {
        let list = targets.map { "\(Int64($0))" as SQL }.joined(separator: ", ")
        return "INSERT OR IGNORE INTO temp._MIGRATION_PAIRS (o, t) "
            + "SELECT k1.destination, k2.destination FROM (\(sourcePairs)) p "
            + "JOIN temp._MIGRATION_KEYS k1 ON k1.mapping = \(Int64(owner)) AND k1.source = p.o "
            + "JOIN temp._MIGRATION_KEYS k2 ON k2.mapping IN (\(list)) AND k2.source = p.t"
    }

    /// Sets a to-one's key column from the pair table (the smallest target when the
    /// source related several).
    static func setForeignKey(table: SQLName, column: SQLName) -> SQL {
        "UPDATE \(table) SET \(column) = (SELECT min(t) FROM temp._MIGRATION_PAIRS "
            + "WHERE o = \(table).Z_PK) WHERE Z_PK IN (SELECT o FROM temp._MIGRATION_PAIRS)"
    }

    /// Sets a to-one's entity column from the related row's `Z_ENT`.
    static func setEntityColumn(
        table: SQLName, column: SQLName, keyColumn: SQLName, targetTable: SQLName
    ) -> SQL {
        "UPDATE \(table) SET \(column) = (SELECT Z_ENT FROM \(targetTable) "
            + "WHERE \(targetTable).Z_PK = \(table).\(keyColumn)) "
            + "WHERE \(keyColumn) IS NOT NULL AND Z_PK IN (SELECT o FROM temp._MIGRATION_PAIRS)"
    }

    /// Copies the pair table into a many-to-many's join table.
    static func fillJoinTable(
        _ table: SQLName, sourceColumn: SQLName, destinationColumn: SQLName
    ) -> SQL {
        "INSERT OR IGNORE INTO \(table) (\(sourceColumn), \(destinationColumn)) "
            + "SELECT o, t FROM temp._MIGRATION_PAIRS"
    }
}
