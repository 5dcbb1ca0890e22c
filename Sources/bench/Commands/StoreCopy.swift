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
    /// which migrates it as `loadPersistentStores()` does (`configure` adds mapping
    /// models); returns what it did.
    ///
    /// - Throws: ``StoreError``, ``MigrationError`` or ``ModelError``.
    static func migrate(
        _ path: String, to model: ManagedObjectModel, source: ManagedObjectModel,
        configure: (inout PersistentStoreDescription) -> Void = { _ in }
    ) throws -> [MigrationReport] {
        let container = PersistentContainer(name: "inspect", model: model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.sourceModels = [source]
        configure(&description)
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        return container.migrationReports
    }

    /// Opens the copy at `path` with `model` as it is (the model must fit: nothing is
    /// migrated) and reads every object through the engine: each stored attribute and
    /// relationship of its entity and its ancestors, so every table, join table and
    /// order column the model names is read with the store's own names.
    ///
    /// Returns the objects read and the related objects reached (a set to-one, or one
    /// member of a to-many). Cost: every row, plus one fault per relationship per object.
    /// - Throws: ``StoreError`` when the store does not open; what a read throws.
    static func readAll(_ path: String, model: ManagedObjectModel) throws
        -> (objects: Int, related: Int)
    {
        let container = PersistentContainer(name: "inspect", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        let byName = Dictionary(
            model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let context = container.viewContext
        return try context.performAndWait {
            var (objects, related) = (0, 0)
            for root in model.entities where root.parent == nil {
                for object in try context.fetch(FetchRequest<ManagedObject>(entityName: root.name))
                {
                    objects += 1
                    var entity = byName[object.entityName]
                    while let current = entity {
                        // Transient properties have no storage (and no value to read here).
                        for attribute in current.attributes where !attribute.isTransient {
                            _ = try object.checkedValue(forKey: attribute.name)
                        }
                        for relationship in current.relationships where !relationship.isTransient {
                            let value = try object.checkedValue(forKey: relationship.name)
                            if let members = value as? Set<ManagedObject> {
                                related += members.count
                            } else if let members = value as? [ManagedObject] {
                                related += members.count
                            } else if value is ManagedObject {
                                related += 1
                            }
                        }
                        entity = current.parent.flatMap { byName[$0] }
                    }
                }
                context.reset()
            }
            return (objects, related)
        }
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
