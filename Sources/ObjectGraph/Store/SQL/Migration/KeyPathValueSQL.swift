import SQLiteDB

/// The statement that sets a custom migration's attribute from a key path through the
/// source object's to-ones (``AttributeMapping/sourceKeyPath(_:)``), through the key
/// table `_MIGRATION_KEYS` (mapping, source key, destination key).
///
/// Cost: one `UPDATE` over the mapping's objects; per object, a key-table lookup and
/// one primary-key lookup per to-one on the path.
enum KeyPathValueSQL {
    /// One to-one step of the path: the old table it reads and the key column it
    /// follows from the previous table.
    struct Step {
        let table: SQLName
        let keyColumn: SQLName
    }

    /// Sets `column` of the objects mapping `mapping` made in `table` to `valueColumn`
    /// of the row the path reaches from each one's source row in `sourceTable`.
    static func update(
        table: SQLName, column: SQLName, mapping: Int, sourceTable: SQLName, steps: [Step],
        valueColumn: SQLName
    ) -> SQL {
        var joins: SQL = ""
        var previous: SQL = "s"
        for (index, step) in steps.enumerated() {
            let alias = SQL(text: "r\(index)")
            joins.append(
                " JOIN \(step.table) \(alias) ON \(alias).Z_PK = \(previous).\(step.keyColumn)")
            previous = alias
        }
        return "UPDATE \(table) SET \(column) = (SELECT \(previous).\(valueColumn) "
            + "FROM temp._MIGRATION_KEYS k JOIN \(sourceTable) s ON s.Z_PK = k.source\(joins) "
            + "WHERE k.mapping = \(Int64(mapping)) AND k.destination = \(table).Z_PK) "
            + "WHERE Z_PK IN (SELECT destination FROM temp._MIGRATION_KEYS WHERE mapping = "
            + "\(Int64(mapping)))"
    }
}
