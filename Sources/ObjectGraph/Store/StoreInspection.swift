import Foundation
import SQLiteDB

/// What a store file holds and which model versions fit it, without opening it as a
/// store: `bench store inspect`'s library side. The file is opened read-only and never
/// changed.
///
/// For a store this engine wrote, a version fits when its version hashes are the
/// store's; for one Core Data wrote (whose hashes are Apple's), when
/// `StoreSchemaMatch` finds every table and column the version needs.
///
/// ```swift
/// let inspection = try StoreInspection(path: "App.sqlite", versions: [("App 3", v3)])
/// print(inspection.matchingVersion ?? "none")
/// ```
public struct StoreInspection: Sendable {
    /// One model version compared with the store.
    public struct Version: Sendable {
        /// The version's name.
        public let name: String
        /// What differs, one line each, table and column named; empty when it fits.
        public let differences: [String]
    }

    /// The store file.
    public let path: String
    /// Whether Core Data (not this engine) wrote the store.
    public let isWrittenByCoreData: Bool
    /// Each version, in the order given, with what differs.
    public let versions: [Version]
    /// Rows per entity (the first fitting version's entities, counted by `Z_ENT` in
    /// their tables), in `Z_ENT` order; empty when no version fits.
    public let rowCounts: [(entity: String, rows: Int)]

    /// The first version that fits the store, if any.
    public var matchingVersion: String? {
        versions.first { $0.differences.isEmpty }?.name
    }

    /// Compares the store at `path` with each version.
    ///
    /// Cost: per version, one `Z_PRIMARYKEY` query and one `pragma_table_info` per
    /// table; then one `count(*)` per entity.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:error:)`` when the file is not a SQLite
    ///   database or cannot be read; ``StoreError/unreadableMetadata(path:reason:)``
    ///   when it has no Core Data metadata.
    public init(path: String, versions: [(name: String, model: ManagedObjectModel)]) throws {
        self.path = path
        var configuration = Connection.Configuration()
        configuration.openMode = .readOnly
        do {
            let connection = try Connection(location: .file(path), configuration: configuration)
            defer { try? connection.close() }
            guard try StoreMetadata.tableExists(in: connection),
                let stored = try StoreMetadata.read(from: connection, path: path)
            else {
                throw StoreError.unreadableMetadata(
                    path: path, reason: "no Z_METADATA row: not a Core Data store")
            }
            isWrittenByCoreData = !stored.isWrittenByThisEngine
            var compared: [Version] = []
            var fitting: ManagedObjectModel?
            for (name, model) in versions {
                let differences: [String]
                var bound = model
                if stored.isWrittenByThisEngine {
                    differences = stored.differingEntities(from: model).map {
                        "entity \($0): its version hash differs"
                    }
                } else {
                    let match = try StoreSchemaMatch.match(connection, model: model)
                    differences = match.differences.map(\.description)
                    bound = match.model
                }
                if differences.isEmpty, fitting == nil { fitting = bound }
                compared.append(Version(name: name, differences: differences))
            }
            self.versions = compared
            rowCounts = try fitting.map { try Self.rowCounts(connection, model: $0) } ?? []
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, error: error)
        }
    }

    /// Rows per entity of `model`, counted by `Z_ENT` in its table.
    ///
    /// - Throws: ``SQLiteError``.
    static func rowCounts(_ connection: Connection, model: ManagedObjectModel) throws
        -> [(entity: String, rows: Int)]
    {
        try model.resolvedEntities.map { entity in
            let rows = try connection.fetchOne(
                CatalogSQL.rowCount(of: entity.table, entity: entity.id)
            ) { Int($0.int64(at: 0)) }
            return (entity.name, rows ?? 0)
        }
    }
}
