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
        try loadedCoordinator().pendingDeferredCleanup()
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
        try loadedCoordinator().finishDeferredCleanup(model: managedObjectModel)
    }
}
