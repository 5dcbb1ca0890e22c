import Foundation
import SQLiteDB

/// Runs a ``StagedMigrationManager``'s stages on a store, from the one whose source the
/// store matches until it matches the opened model.
///
/// Each stage: its will-migrate handler on a container of the source model, the
/// inferred schema change in one transaction, its did-migrate handler on a container
/// of the destination model. Handlers' containers open the same file through their own
/// connections (so staged migration needs a SQLite store file) and are closed when
/// the handler returns.
struct StagedMigrationRunner {
    let manager: StagedMigrationManager
    let connection: Connection
    let model: ManagedObjectModel
    let description: PersistentStoreDescription
    let path: String

    /// Migrates, stage by stage.
    ///
    /// - Throws: ``MigrationError/invalidStages(path:reason:)`` for a checksum that
    ///   does not match its model or stages that do not lead from the store to the
    ///   model; the errors of each stage's migration and handlers.
    func run(from stored: StoreMetadata) throws -> StoreMigration.Outcome {
        guard description.type == .sqlite, let url = description.url else {
            throw MigrationError.invalidStages(
                path: path, reason: "staged migration needs a SQLite store file")
        }
        for stage in manager.stages {
            for reference in [stage.source, stage.destination]
            where reference.model.versionChecksum != reference.versionChecksum {
                throw MigrationError.invalidStages(
                    path: path,
                    reason: "stage \"\(stage.label)\" expects a model with checksum "
                        + "\(reference.versionChecksum), but its model's is "
                        + reference.model.versionChecksum)
            }
        }
        var outcome = StoreMigration.Outcome(metadata: stored)
        var ran = 0
        while try !StoreMigration.matches(outcome.metadata, model, connection) {
            guard
                let stage = try manager.stages.first(where: {
                    try StoreMigration.matches(outcome.metadata, $0.source.model, connection)
                }), ran < manager.stages.count
            else {
                throw MigrationError.invalidStages(
                    path: path,
                    reason: "no stage starts from the store's model version (checksum "
                        + "\(outcome.metadata.modelDigest ?? "unknown")) or the stages do not "
                        + "lead to the opened model (checksum \(model.versionChecksum))")
            }
            ran += 1
            if let handler = stage.willMigrate {
                try run(handler, of: stage, model: stage.source.model, url: url)
            }
            let mapping = try StoreMigration.inferred(
                from: stage.source.model, to: stage.destination.model, path: path)
            let step = try StoreMigration.lightweight(
                mapping, on: connection, stored: outcome.metadata, path: path,
                defersCleanup: description.usesDeferredLightweightMigration)
            outcome.metadata = step.metadata
            outcome.reports += step.reports
            if let handler = stage.didMigrate {
                try run(handler, of: stage, model: stage.destination.model, url: url)
            }
        }
        return outcome
    }

    private func run(
        _ handler: (StagedMigrationContext) throws -> Void, of stage: MigrationStage,
        model: ManagedObjectModel, url: URL
    ) throws {
        var handlerDescription = PersistentStoreDescription(url: url)
        handlerDescription.pragmas = description.pragmas
        handlerDescription.journalMode = description.journalMode
        handlerDescription.shouldMigrateStoreAutomatically = false
        handlerDescription.isPersistentHistoryTrackingEnabled =
            description.isPersistentHistoryTrackingEnabled
        let container = PersistentContainer(name: "StagedMigration", model: model)
        container.persistentStoreDescriptions = [handlerDescription]
        container.sqlDebugLog = nil
        do {
            try container.loadPersistentStores()
            try handler(StagedMigrationContext(container: container, stage: stage))
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError.mappingFailed(
                path: path, mapping: "stage \"\(stage.label)\"", reason: "\(error)")
        }
    }
}
