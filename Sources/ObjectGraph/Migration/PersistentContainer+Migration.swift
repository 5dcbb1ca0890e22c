extension PersistentContainer {
    /// What migrating the store did when ``loadPersistentStores()`` opened it: one
    /// report per schema change (several for a staged migration); empty when the store
    /// matched the model or is new.
    public var migrationReports: [MigrationReport] { coordinatorIfLoaded?.migrationReports ?? [] }

    /// The cleanup a deferred lightweight migration left pending; empty when none
    /// (Core Data: `NSPersistentStoreDeferredLightweightMigrationOptionKey` in the
    /// store's metadata).
    ///
    /// - Throws: ``StoreError/notLoaded``; ``StoreError/unreadableMetadata(path:reason:)``.
    public func pendingDeferredMigration() throws -> [DeferredCleanupItem] {
        try loadedCoordinator().withConnection { connection in
            try StoreMetadata.read(from: connection)?.deferredCleanup ?? []
        }
    }

    /// Does the cleanup a deferred lightweight migration postponed (dropping old tables
    /// and columns, creating indexes) in one transaction, and clears the pending mark.
    /// Core Data's `NSPersistentStoreCoordinator.finishDeferredLightweightMigration()`;
    /// run it when the app is idle. A crash part-way rolls it back; calling it again
    /// (or when nothing is pending) is safe.
    ///
    /// Cost: O(size of the dropped tables and columns' tables, plus index builds); it
    /// holds the store's write lock meanwhile.
    ///
    /// - Throws: ``StoreError/notLoaded``; ``MigrationError/storeRefused(path:step:reason:)``.
    public func finishDeferredLightweightMigration() throws {
        let coordinator = try loadedCoordinator()
        try coordinator.withConnection { connection in
            try connection.transaction(.exclusive) {
                guard var metadata = try StoreMetadata.read(from: connection),
                    !metadata.deferredCleanup.isEmpty
                else { return }
                try DeferredCleanup.run(
                    metadata.deferredCleanup, on: connection, model: managedObjectModel,
                    path: coordinator.path)
                metadata.deferredCleanup = []
                try metadata.write(to: connection)
            }
        }
    }
}
