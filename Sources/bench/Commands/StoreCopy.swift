import Foundation
import ObjectGraph
import SQLiteDB

/// The file side of `bench store inspect --migrate-to`: a consistent copy of a store,
/// migrated in place under a temporary name, then renamed to the name asked for.
enum StoreCopy {
    /// A byte copy of a store file and its WAL in a temporary directory of its own.
    struct Snapshot {
        /// The copied store.
        let path: String
        private let directory: URL

        /// Copies `store` (and `store-wal` when present).
        ///
        /// - Throws: a ``UsageError`` naming the store when it cannot be read.
        init(of store: String) throws {
            guard FileManager.default.isReadableFile(atPath: store) else {
                throw StoreCommand.usageError("no readable store file at \(store)")
            }
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("bench-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("store.sqlite").path
            try FileManager.default.copyItem(atPath: store, toPath: path)
            if FileManager.default.fileExists(atPath: store + "-wal") {
                try FileManager.default.copyItem(atPath: store + "-wal", toPath: path + "-wal")
            }
        }

        /// Deletes the copy.
        func remove() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Copies the database at `source` (its WAL included) to `destination`.
    ///
    /// - Throws: ``SQLiteError`` when either file cannot be opened.
    static func copy(from source: String, to destination: String) throws {
        try Connection.copyDatabase(from: source, to: destination)
    }

    /// Opens the copy at `path` with `model`, `source` as the model it was made with,
    /// which migrates it as `loadPersistentStores()` does; returns what it did.
    ///
    /// - Throws: ``StoreError``, ``MigrationError`` or ``ModelError``.
    static func migrate(_ path: String, to model: ManagedObjectModel, source: ManagedObjectModel)
        throws -> [MigrationReport]
    {
        let container = PersistentContainer(name: "inspect", model: model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.sourceModels = [source]
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        return container.migrationReports
    }

    /// Renames the migrated copy (and its WAL and shared-memory files) to `destination`.
    ///
    /// - Throws: a file-system error when the rename fails.
    static func move(_ path: String, to destination: String) throws {
        let connection = try Connection(location: .file(path))
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try connection.close()
        DatabaseFiles.removeSideFiles(of: path)
        try FileManager.default.moveItem(atPath: path, toPath: destination)
    }
}
