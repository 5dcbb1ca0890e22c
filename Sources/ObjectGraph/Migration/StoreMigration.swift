import SQLiteDB

/// Brings a store whose metadata does not match the opened model to that model, the
/// way the description asks: staged, custom, or lightweight (inferred). Called by the
/// coordinator while it opens the store; every schema change is one transaction.
///
/// Cost: see ``LightweightMigrator`` and ``CustomMigrator``; nothing when the store
/// already matches.
enum StoreMigration {
    /// What opening found and did.
    struct Outcome {
        var metadata: StoreMetadata
        var reports: [MigrationReport] = []
        /// The model bound to a Core Data store's own join names; nil when the opened
        /// model's names are the store's.
        var model: ManagedObjectModel?
    }

    /// Migrates the store `stored` describes to `model`.
    ///
    /// - Throws: ``StoreError/modelMismatch(entities:path:)`` when no source model or
    ///   stage is given (as before migrations existed), ``MigrationError`` otherwise.
    ///
    /// `differences` are what ``StoreSchemaMatch`` found in a store Core Data wrote;
    /// without a source model they are the error's detail.
    static func migrate(
        _ connection: Connection, stored: StoreMetadata, differing: [String],
        differences: [SchemaDifference] = [], to model: ManagedObjectModel,
        description: PersistentStoreDescription, path: String
    ) throws -> Outcome {
        guard description.shouldMigrateStoreAutomatically else {
            throw MigrationError.migrationDisabled(path: path, differingEntities: differing)
        }
        if let manager = description.stagedMigrationManager {
            return try StagedMigrationRunner(
                manager: manager, connection: connection, model: model, description: description,
                path: path
            ).run(from: stored)
        }
        if let custom = try description.mappingModels.first(where: {
            try $0.destination.versionChecksum == model.versionChecksum
                && matches(stored, $0.source, connection)
        }) {
            return try runCustom(custom, on: connection, stored: stored, path: path)
        }
        if let refusal = try description.refusedMappingModels.first(where: {
            try $0.destination.versionChecksum == model.versionChecksum
                && matches(stored, $0.source, connection)
        }) {
            throw refusal.error(path: path)
        }
        guard !description.sourceModels.isEmpty || !description.mappingModels.isEmpty else {
            guard differences.isEmpty else {
                throw StoreError.schemaMismatch(
                    path: path, differences: differences.map(\.description))
            }
            throw StoreError.modelMismatch(entities: differing, path: path)
        }
        var source: ManagedObjectModel?
        // Of several source models that fit a store Core Data wrote, the one naming the
        // most of its tables (a join table one declares and another lacks), then the
        // first: as StoreInspection.matchingVersion (docs/STORES.md).
        var named = -1
        let tables = stored.isWrittenByThisEngine ? [] : try StoreInspection.storeTables(connection)
        for candidate in description.sourceModels {
            guard let bound = try boundModel(stored, candidate, connection) else { continue }
            let count = tables.intersection(StoreInspection.tableNames(of: bound)).count
            if count > named { (source, named) = (bound, count) }
            if stored.isWrittenByThisEngine { break }
        }
        guard let source else {
            throw MigrationError.noSourceModel(path: path, differingEntities: differing)
        }
        guard description.shouldInferMappingModelAutomatically else {
            throw MigrationError.migrationDisabled(path: path, differingEntities: differing)
        }
        let mapping = try inferred(from: source, to: model, path: path)
        return try lightweight(
            mapping, on: connection, stored: stored, path: path,
            defersCleanup: description.usesDeferredLightweightMigration
                && description.type == .sqlite)
    }

    /// Whether the store was made with `model`: by version hashes for stores this
    /// engine wrote, by tables for Core Data's (``StoreSchemaMatch``).
    static func matches(
        _ stored: StoreMetadata, _ model: ManagedObjectModel, _ connection: Connection
    )
        throws -> Bool
    {
        try boundModel(stored, model, connection) != nil
    }

    /// `model` when the store was made with it, bound to a Core Data store's own join
    /// names (``StoreSchemaMatch``); nil when the store was made with another model.
    static func boundModel(
        _ stored: StoreMetadata, _ model: ManagedObjectModel, _ connection: Connection
    ) throws -> ManagedObjectModel? {
        if stored.differingEntities(from: model).isEmpty { return model }
        if stored.isWrittenByThisEngine { return nil }
        let match = try StoreSchemaMatch.match(connection, model: model)
        return match.differences.isEmpty ? match.model : nil
    }

    /// The first of `sources` that fits a store Core Data wrote under its own entity
    /// names (no renaming identifier needed), nil when none does.
    static func exactSource(of connection: Connection, among sources: [ManagedObjectModel])
        throws -> ManagedObjectModel?
    {
        for source in sources {
            let match = try StoreSchemaMatch.match(connection, model: source)
            if match.differences.isEmpty, match.renamedEntities.isEmpty { return match.model }
        }
        return nil
    }

    /// The inferred mapping, its problems naming the store.
    static func inferred(
        from source: ManagedObjectModel, to destination: ManagedObjectModel, path: String
    ) throws(MigrationError) -> InferredMapping {
        do {
            return try InferredMapping(from: source, to: destination)
        } catch .cannotInferMapping(_, let problems) {
            throw .cannotInferMapping(path: path, problems: problems)
        }
    }

    /// One lightweight migration in one transaction: pending deferred cleanup first,
    /// then the schema change, then the new metadata (same store UUID).
    static func lightweight(
        _ mapping: InferredMapping, on connection: Connection, stored: StoreMetadata,
        path: String, defersCleanup: Bool
    ) throws -> Outcome {
        try connection.transaction(.exclusive) {
            try DeferredCleanup.run(
                stored.deferredCleanup, on: connection, model: mapping.source, path: path)
            var migrator = try LightweightMigrator(
                mapping: mapping, connection: connection, path: path, defersCleanup: defersCleanup)
            let report = try migrator.run()
            var metadata = StoreMetadata(model: mapping.destination)
            metadata.uuid = stored.uuid
            metadata.deferredCleanup = report.deferred
            try metadata.write(to: connection)
            return Outcome(metadata: metadata, reports: [report])
        }
    }

    private static func runCustom(
        _ mapping: MappingModel, on connection: Connection, stored: StoreMetadata, path: String
    ) throws -> Outcome {
        try connection.transaction(.exclusive) {
            try DeferredCleanup.run(
                stored.deferredCleanup, on: connection, model: mapping.source, path: path)
            var migrator = CustomMigrator(mapping: mapping, connection: connection, path: path)
            let report = try migrator.run()
            var metadata = StoreMetadata(model: mapping.destination)
            metadata.uuid = stored.uuid
            try metadata.write(to: connection)
            return Outcome(metadata: metadata, reports: [report])
        }
    }
}
