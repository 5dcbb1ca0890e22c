/// A store could not be migrated to the model it was opened with.
///
/// Every case is raised before the store is changed, or after its migration
/// transaction was rolled back: the store holds what it held before.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Lightweight migration cannot infer a mapping between the two models; lists every
    /// offending entity and property with the reason.
    /// `path` is nil when the mapping was inferred without a store.
    case cannotInferMapping(path: String?, problems: [MigrationProblem])
    /// The store was made with a model none of the description's `sourceModels` (nor any
    /// migration stage) matches; lists the entities whose version hashes differ.
    case noSourceModel(path: String, differingEntities: [String])
    /// Migration was needed but the description turns it off.
    case migrationDisabled(path: String, differingEntities: [String])
    /// A staged migration's stage names a model whose version checksum is not the one
    /// the stage was declared with, or the stages do not lead to the opened model.
    case invalidStages(path: String, reason: String)
    /// A custom mapping or migration handler failed; the store was rolled back.
    case mappingFailed(path: String, mapping: String, reason: String)
    /// A mapping model (Xcode's `.xcmappingmodel`) exists for the store's model version
    /// and the opened one, but parts of it cannot run here (a custom migration policy,
    /// a value expression the engine does not evaluate); lists every part. The store is
    /// not migrated by inference instead: that would drop what the mapping carries.
    /// `path` is nil when the mapping was checked without a store.
    case mappingModelNotApplicable(
        path: String?, mappingModel: String, problems: [MappingModelProblem])
    /// SQLite refused a migration statement (a uniqueness constraint the data violates,
    /// a full disk); the store was rolled back.
    case storeRefused(path: String, step: String, reason: String)

    /// One paragraph: what failed, where, and what to do.
    public var description: String {
        switch self {
        case .cannotInferMapping(let path, let problems):
            return
                (path.map { "cannot migrate store \($0) lightweight: " }
                ?? "cannot infer a mapping between the models: ")
                + problems.map(\.description).joined(separator: "; ")
                + "; the store was not changed: change the model so the mapping can be "
                + "inferred, or migrate with a custom mapping or a staged migration"
        case .noSourceModel(let path, let entities):
            return "store \(path) was made with a model version none of the source models "
                + "matches (entities " + entities.map { "\"\($0)\"" }.joined(separator: ", ")
                + " differ); add the model version the store was made with to the store "
                + "description's sourceModels"
        case .migrationDisabled(let path, let entities):
            return "store \(path) was made with another model version (entities "
                + entities.map { "\"\($0)\"" }.joined(separator: ", ")
                + " differ) and its description turns automatic migration off; set "
                + "shouldMigrateStoreAutomatically and shouldInferMappingModelAutomatically"
        case .invalidStages(let path, let reason):
            return "cannot migrate store \(path) in stages: \(reason); the store was not changed"
        case .mappingFailed(let path, let mapping, let reason):
            return "migration of store \(path) failed in \(mapping): \(reason); the store was "
                + "rolled back to its previous version"
        case .mappingModelNotApplicable(let path, let mappingModel, let problems):
            return (path.map { "cannot migrate store \($0): " } ?? "")
                + "mapping model \(mappingModel) cannot run here: "
                + problems.map(\.description).joined(separator: "; ")
                + (path == nil ? "" : "; the store was not changed")
                + "; the store is not migrated by inference, which would drop what the "
                + "mapping model carries"
        case .storeRefused(let path, let step, let reason):
            return "migration of store \(path) failed at \"\(step)\": \(reason); the store "
                + "was rolled back to its previous version"
        }
    }
}

/// One reason a mapping cannot be inferred: the entity, the property (nil for the
/// entity itself) and why.
public struct MigrationProblem: Equatable, Sendable, CustomStringConvertible {
    /// The destination entity (or the source entity, for a removed one).
    public let entity: String
    /// The property, or nil when the problem is the entity's.
    public let property: String?
    /// Why the change cannot be inferred.
    public let reason: String

    /// A problem with `entity`'s `property`.
    public init(entity: String, property: String?, reason: String) {
        self.entity = entity
        self.property = property
        self.reason = reason
    }

    /// `Post.likes: reason`.
    public var description: String {
        (property.map { "\(entity).\($0)" } ?? entity) + ": " + reason
    }
}
