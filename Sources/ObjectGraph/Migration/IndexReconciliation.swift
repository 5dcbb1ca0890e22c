import SQLiteDB

/// Brings a store's indexes to its model's when only indexes changed: version hashes do
/// not cover indexes, fetch indexes or uniqueness constraints (in Core Data either), so
/// a model that changes only them opens the store without a migration, and this
/// creates and drops the indexes that differ.
///
/// Only for stores this engine wrote (a Core Data store's index names are Core Data's)
/// and none with deferred cleanup pending (its indexes wait for
/// ``PersistentContainer/finishDeferredLightweightMigration()``).
///
/// Cost: one `sqlite_master` scan per open; when something differs, one transaction
/// with each index built in O(n log n).
enum IndexReconciliation {
    /// Reconciles; returns what was done, nil when nothing differed.
    ///
    /// - Throws: ``MigrationError/storeRefused(path:step:reason:)`` (a unique index the
    ///   rows violate: the transaction rolls back).
    static func run(
        _ connection: Connection, model: ManagedObjectModel, stored: StoreMetadata, path: String
    ) throws -> MigrationReport? {
        guard stored.isWrittenByThisEngine, stored.deferredCleanup.isEmpty else { return nil }
        let existing = try StoreTables(connection).indexes
        let desired = StoreSchema(entities: model.resolvedEntities).indexStatements
        let wanted = Dictionary(
            desired.map { ($0.name.sql, $0.sql.text) }, uniquingKeysWith: { first, _ in first })
        let stale = existing.filter { name, index in
            index.table.hasPrefix("Z") && wanted[name] != index.sql
        }.keys.sorted()
        let missing = desired.filter {
            existing[$0.name.sql] == nil || stale.contains($0.name.sql)
        }
        guard !stale.isEmpty || !missing.isEmpty else { return nil }
        var report = MigrationReport(
            sourceChecksum: model.versionChecksum, destinationChecksum: model.versionChecksum)
        try connection.transaction(.exclusive) {
            for name in stale {
                try connection.migrationStep("DROP INDEX \(SQLName(name))", path: path)
                report.indexes.append("dropped \(name)")
            }
            for index in missing {
                try connection.migrationStep(index.sql, path: path)
                report.indexes.append("created \(index.name.sql)")
            }
        }
        return report
    }
}
