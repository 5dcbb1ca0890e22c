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
    /// Rows per entity (the matching version's entities, counted by `Z_ENT` in
    /// their tables), in `Z_ENT` order; empty when no version fits.
    public let rowCounts: [(entity: String, rows: Int)]

    /// The version that fits the store, if any: of several, the one that names the
    /// most of the store's tables, then the first given. A store Core Data wrote keeps
    /// only the tables its model names, so a many-to-many join table that one fitting
    /// version declares and another does not tells them apart (EasyLife's
    /// `EasyLife 1.5.0.sqlite` has `Z_2BLOCKING`, which version 1.3.0 lacks: migrating
    /// from 1.3.0 would drop its links). Versions with the same tables stay a tie.
    public let matchingVersion: String?

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
            var fitting: (name: String, model: ManagedObjectModel, named: Int)?
            let tables = try Self.storeTables(connection)
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
                if differences.isEmpty {
                    let named = tables.intersection(Self.tableNames(of: bound)).count
                    if named > fitting?.named ?? -1 { fitting = (name, bound, named) }
                }
                compared.append(Version(name: name, differences: differences))
            }
            self.versions = compared
            matchingVersion = fitting?.name
            rowCounts = try fitting.map { try Self.rowCounts(connection, model: $0.model) } ?? []
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, error: error)
        }
    }

    /// The name of every table in the store on `connection`.
    ///
    /// - Throws: ``SQLiteError``.
    static func storeTables(_ connection: Connection) throws -> Set<String> {
        try Set(connection.fetchAll(CatalogSQL.tableNames) { $0.string(at: 0) })
    }

    /// The tables `model` names: its entities' tables and its many-to-many join tables.
    static func tableNames(of model: ManagedObjectModel) -> Set<String> {
        var names = Set<String>()
        for entity in model.resolvedEntities {
            names.insert(entity.tableName)
            for relationship in entity.relationships {
                if case .joinTable(let join) = relationship.storage { names.insert(join.name.sql) }
            }
        }
        return names
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
