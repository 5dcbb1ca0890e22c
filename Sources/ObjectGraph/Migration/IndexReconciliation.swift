import SQLiteDB

/// Brings a store's indexes to its model's when only indexes changed: version hashes do
/// not cover indexes, fetch indexes or uniqueness constraints (in Core Data either), so
/// a model that changes only them opens the store without a migration; the store's
/// metadata records a digest of the model's indexes (``StoreMetadata/indexDigest``),
/// and when the opened model's differs, this creates and drops the indexes that differ
/// and records the new digest.
///
/// Only for stores this engine wrote with a digest (a Core Data store's index names are
/// Core Data's) and none with deferred cleanup pending (its indexes wait for
/// ``PersistentContainer/finishDeferredLightweightMigration()``). Indexes dropped by
/// hand (a bulk loader's) are left alone while the model's indexes do not change.
///
/// Cost: nothing when the digests agree; otherwise one `sqlite_master` scan and one
/// transaction with each index built in O(n log n).
enum IndexReconciliation {
    /// Reconciles; returns what was done and the new metadata, nil when the digests agree.
    ///
    /// - Throws: ``MigrationError/storeRefused(path:step:reason:)`` (a unique index the
    ///   rows violate: the transaction rolls back).
    static func run(
        _ connection: Connection, model: ManagedObjectModel, stored: StoreMetadata, path: String
    ) throws -> (report: MigrationReport, metadata: StoreMetadata)? {
        guard stored.isWrittenByThisEngine, stored.deferredCleanup.isEmpty,
            let recorded = stored.indexDigest
        else { return nil }
        let digest = StoreMetadata.indexDigest(of: model)
        guard recorded != digest else { return nil }
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
        var report = MigrationReport(
            sourceChecksum: model.versionChecksum, destinationChecksum: model.versionChecksum)
        var metadata = stored
        metadata.indexDigest = digest
        try connection.transaction(.exclusive) {
            for name in stale {
                try connection.migrationStep(MigrationSQL.dropIndex(SQLName(name)), path: path)
                report.indexes.append("dropped \(name)")
            }
            for index in missing {
                try connection.migrationStep(index.sql, path: path)
                report.indexes.append("created \(index.name.sql)")
            }
            try metadata.write(to: connection)
        }
        return (report, metadata)
    }
}
