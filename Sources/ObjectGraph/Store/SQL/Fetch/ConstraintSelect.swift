import SQLiteDB

/// The probe of a uniqueness constraint: the key of a stored row whose constraint
/// columns hold given values.
enum ConstraintSelect {
    /// `SELECT Z_PK FROM <table> WHERE <column> = ? AND … LIMIT 1`; a NULL value is
    /// matched with `IS NULL`.
    static func existingKey(in entity: Entity, matching values: [(SQLName, SQLiteValue)]) -> SQL {
        let conditions: [SQL] = values.map { column, value in
            value == .null ? "\(column) IS NULL" : "\(column) = \(value)"
        }
        return
            "SELECT Z_PK FROM \(entity.table) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1"
    }
}
