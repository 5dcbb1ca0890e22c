import SQLiteDB

extension StoreCoordinator {
    /// The cleanup a deferred lightweight migration left pending in the store's
    /// metadata; empty when none.
    ///
    /// - Throws: ``StoreError/unreadableMetadata(path:reason:)`` or `SQLiteError`.
    func pendingDeferredCleanup() throws -> [DeferredCleanupItem] {
        try withConnection { connection in
            try StoreMetadata.read(from: connection)?.deferredCleanup ?? []
        }
    }

    /// Runs the pending deferred cleanup (``DeferredCleanup``) and clears the mark, in
    /// one exclusive transaction; nothing when none is pending.
    ///
    /// - Throws: ``MigrationError/storeRefused(path:step:reason:)``,
    ///   ``StoreError/unreadableMetadata(path:reason:)`` or `SQLiteError`.
    func finishDeferredCleanup(model: ManagedObjectModel) throws {
        try withConnection { connection in
            try connection.transaction(.exclusive) {
                guard var metadata = try StoreMetadata.read(from: connection),
                    !metadata.deferredCleanup.isEmpty
                else { return }
                try DeferredCleanup.run(
                    metadata.deferredCleanup, on: connection, model: model, path: path)
                metadata.deferredCleanup = []
                try metadata.write(to: connection)
            }
        }
    }
}
