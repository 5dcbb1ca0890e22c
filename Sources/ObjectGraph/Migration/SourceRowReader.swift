import SQLiteDB

/// Reads a custom migration's source objects, one chunk of rows at a time in key order.
///
/// Cost: one `SELECT … WHERE Z_PK > ? ORDER BY Z_PK LIMIT ?` per chunk (the key is the
/// table's rowid, so each chunk starts with a seek), one decode per column.
struct SourceRowReader {
    let entity: Entity
    /// The old table (renamed `Z_MIG_…`).
    let table: SQLName
    /// Whether sub-entities' rows are read too.
    var includesSubentities = true

    /// Up to `limit` objects with keys above `after` (all of them when `limit` is 0).
    func read(from connection: Connection, after: Int64, limit: Int, path: String) throws
        -> [SourceObject]
    {
        var names = entity.attributes.map(\.name)
        var columns = entity.attributes.map(\.column)
        for relationship in entity.relationships {
            guard case .foreignKey(let key) = relationship.storage else { continue }
            names.append(relationship.name)
            columns.append(key.column)
        }
        let entities =
            includesSubentities
            ? entity.descendantIDs : entity.descendantIDs.lowerBound...entity.id
        let sql = MigrationSQL.sourceRows(
            columns, from: table, entities: entities, after: after, limit: limit)
        let attributeCount = entity.attributes.count
        do {
            return try connection.fetchAll(sql) { row in
                var values: [String: Any] = [:]
                for (offset, name) in names.enumerated() {
                    let stored = row.value(at: Int32(offset + 1))
                    guard stored != .null else { continue }
                    if offset < attributeCount {
                        values[name] = entity.attributes[offset].readableValue(stored)
                    } else if case .integer(let key) = stored {
                        values[name] = key
                    }
                }
                return SourceObject(key: row.int64(at: 0), entity: entity.name, values: values)
            }
        } catch let error as SQLiteError {
            throw MigrationError.storeRefused(path: path, step: sql.text, reason: error.description)
        }
    }
}
