import SQLiteDB

/// Does the cleanup a deferred lightweight migration postponed (``DeferredCleanupItem``),
/// inside the caller's transaction.
///
/// Idempotent: each item is done only if still needed (the table or column still
/// exists, the index does not), so cleanup interrupted by a crash (its transaction
/// rolled back) or run twice is safe. Names come from the store's own schema, never
/// from the metadata text alone.
///
/// Cost: `DROP TABLE` frees the table's pages; `DROP COLUMN` rewrites the table; an
/// index is built in O(n log n) over its table.
enum DeferredCleanup {
    /// Does `items` on `connection`; indexes come from `model`'s schema.
    ///
    /// - Throws: ``MigrationError/storeRefused(path:step:reason:)``.
    static func run(
        _ items: [DeferredCleanupItem], on connection: Connection, model: ManagedObjectModel,
        path: String
    ) throws {
        var store = try StoreTables(connection)
        let indexes = StoreSchema(entities: model.resolvedEntities).indexStatements
        for item in items {
            let sql: SQL
            switch item {
            case .dropTable(let table):
                guard store.tables.contains(table) else { continue }
                sql = MigrationSQL.dropTable(SQLName(table))
            case .dropColumn(let table, let column):
                guard store.tables.contains(table), try store.columns(of: table)[column] != nil
                else { continue }
                sql = MigrationSQL.dropColumn(SQLName(column), of: SQLName(table))
            case .createIndex(let name):
                guard store.indexes[name] == nil,
                    let index = indexes.first(where: { $0.name.sql == name })
                else { continue }
                sql = index.sql
            }
            try connection.migrationStep(sql, path: path)
        }
    }
}
