import SQLiteDB

/// The mapping lightweight migration infers between two model versions, as Core Data's
/// `NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)`: which source
/// entity and property each destination entity and property takes its data from.
///
/// A destination entity or property matches the source one named by its
/// `renamingIdentifier`, or else by its own name. Inferred: entities and properties
/// added or removed; renames; optional to required with a default value; integer
/// widening and integer or float to a wider number; relationships added, removed, or
/// changed from to-one to to-many; entities moved in or out of a hierarchy; indexes,
/// fetch indexes and uniqueness constraints (they are not part of the mapping: the
/// migrator compares schemas). Everything else is a ``MigrationProblem``, and building
/// the mapping throws them all at once (docs/MIGRATION.md lists each).
///
/// ```swift
/// let mapping = try InferredMapping(from: version1, to: version2)
/// ```
///
/// Cost: linear in the number of properties of both models; reads no store.
public struct InferredMapping: Sendable {
    /// The model the store was made with.
    public let source: ManagedObjectModel
    /// The model the store is migrated to.
    public let destination: ManagedObjectModel
    /// One map per destination entity, in `Z_ENT` order.
    package let entities: [EntityMap]

    /// Infers the mapping from `source` to `destination`.
    ///
    /// - Parameters:
    ///   - source: The model the store was made with.
    ///   - destination: The model to migrate to.
    /// - Throws: ``MigrationError/cannotInferMapping(path:problems:)`` listing every
    ///   change that cannot be inferred (`path` is nil).
    public init(from source: ManagedObjectModel, to destination: ManagedObjectModel)
        throws(MigrationError)
    {
        self.source = source
        self.destination = destination
        var inference = MappingInference(source: source, destination: destination)
        entities = inference.entityMaps()
        guard inference.problems.isEmpty else {
            throw .cannotInferMapping(path: nil, problems: inference.problems)
        }
    }

    /// The destination entity each source entity's rows move to; nil for a removed one.
    package func destination(ofSource id: Int) -> Entity? {
        entities.first { $0.source?.id == id }?.destination
    }

    /// The map of the destination entity numbered `id`.
    package func map(ofDestination id: Int) -> EntityMap {
        entities[id - 1]
    }
}

/// Where one destination entity's data comes from.
package struct EntityMap: Sendable {
    /// The destination entity.
    package let destination: Entity
    /// The source entity, nil for a new one.
    package let source: Entity?
    /// Per destination attribute (same order), where its values come from.
    package let attributes: [AttributeSource]
    /// Per destination relationship (same order), the source relationship it keeps
    /// the data of; nil for a new one.
    package let relationships: [ResolvedRelationship?]
}

/// Where a destination attribute's values come from.
package enum AttributeSource: Sendable {
    /// A new attribute: every existing object gets `value` (its default, or NULL).
    case new(SQLiteValue)
    /// The source attribute's values; NULLs become `fill` when it is not `.null`
    /// (an optional attribute made required with a default value).
    case copy(ResolvedAttribute, fill: SQLiteValue)
}
