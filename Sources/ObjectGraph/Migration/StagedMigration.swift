/// A model version named by its checksum, as a staged migration's stages refer to them
/// (Core Data's `NSManagedObjectModelReference`): migration checks that the model still
/// has the checksum the stage was written against.
public struct ModelReference: Sendable {
    /// The model.
    public let model: ManagedObjectModel
    /// The checksum the stage expects (``ManagedObjectModel/versionChecksum``).
    public let versionChecksum: String

    /// A reference to `model`, expected to have `versionChecksum`.
    public init(_ model: ManagedObjectModel, versionChecksum: String) {
        self.model = model
        self.versionChecksum = versionChecksum
    }
}

/// What a stage's handlers get: a container open on the store with the stage's source
/// model (will-migrate) or destination model (did-migrate), and the stage.
public struct StagedMigrationContext {
    /// A container on the store being migrated; use its contexts to read and write.
    public let container: PersistentContainer
    /// The stage running.
    public let stage: MigrationStage
}

/// One step of a staged migration between two model versions (Core Data's
/// `NSLightweightMigrationStage` and `NSCustomMigrationStage`).
///
/// The schema change is always lightweight (inferred, one transaction). A custom stage
/// adds handlers: `willMigrate` runs before the schema change on the source model,
/// `didMigrate` after it on the destination model; each saves through its own
/// contexts. A crash between a handler's save and the schema change leaves the store at
/// the source version with the handler's changes, and the next open runs the stage
/// again, so handlers must be idempotent (as Core Data's).
public final class MigrationStage: Sendable {
    /// Shown in errors.
    public let label: String
    /// The version the stage migrates from.
    public let source: ModelReference
    /// The version it migrates to.
    public let destination: ModelReference
    /// Runs before the schema change, on the source model.
    public let willMigrate: (@Sendable (StagedMigrationContext) throws -> Void)?
    /// Runs after it, on the destination model.
    public let didMigrate: (@Sendable (StagedMigrationContext) throws -> Void)?

    private init(
        label: String, source: ModelReference, destination: ModelReference,
        willMigrate: (@Sendable (StagedMigrationContext) throws -> Void)?,
        didMigrate: (@Sendable (StagedMigrationContext) throws -> Void)?
    ) {
        self.label = label
        self.source = source
        self.destination = destination
        self.willMigrate = willMigrate
        self.didMigrate = didMigrate
    }

    /// A stage whose mapping is inferred, with no handlers.
    public static func lightweight(
        from source: ModelReference, to destination: ModelReference, label: String = ""
    ) -> MigrationStage {
        MigrationStage(
            label: label.isEmpty ? "lightweight stage" : label, source: source,
            destination: destination, willMigrate: nil, didMigrate: nil)
    }

    /// A stage with handlers around its inferred schema change.
    /// - Parameters:
    ///   - source: The model the stage starts from.
    ///   - destination: The model it ends at.
    ///   - label: A name for errors and logs; "custom stage" when empty.
    ///   - willMigrate: Runs on the source store before the schema changes; what it throws stops
    ///     the migration with the store unchanged.
    ///   - didMigrate: Runs on the destination store after the schema change.
    public static func custom(
        from source: ModelReference, to destination: ModelReference, label: String = "",
        willMigrate: (@Sendable (StagedMigrationContext) throws -> Void)? = nil,
        didMigrate: (@Sendable (StagedMigrationContext) throws -> Void)? = nil
    ) -> MigrationStage {
        MigrationStage(
            label: label.isEmpty ? "custom stage" : label, source: source,
            destination: destination, willMigrate: willMigrate, didMigrate: didMigrate)
    }
}

/// Ordered migration stages (Core Data's `NSStagedMigrationManager`): opening a store
/// runs, from the stage whose source matches the store, each stage in turn until the
/// store matches the opened model.
public final class StagedMigrationManager: Sendable {
    /// The stages, in order.
    public let stages: [MigrationStage]

    /// A manager of `stages`.
    public init(_ stages: [MigrationStage]) {
        self.stages = stages
    }
}
