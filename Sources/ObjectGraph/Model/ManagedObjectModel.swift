/// A set of entities: the schema of an object graph.
///
/// Building a model resolves inheritance, numbers the entities (`Z_ENT`), assigns
/// columns and join tables, and checks relationships and inverses. Mistakes do not trap:
/// they are kept in ``validationErrors`` and thrown by ``validate()``, which
/// ``PersistentContainer/loadPersistentStores()`` calls before touching a store.
///
/// ```swift
/// let model = ManagedObjectModel(entities: [
///     EntityDescription(name: "User",
///         attributes: [AttributeDescription(name: "name", type: .string)],
///         relationships: [RelationshipDescription(name: "posts", destination: "Post",
///                         inverse: "author", isToMany: true, deleteRule: .cascade)]),
///     EntityDescription(name: "Post",
///         relationships: [RelationshipDescription(name: "author", destination: "User",
///                         inverse: "posts")]),
/// ])
/// try model.validate()
/// ```
///
/// Cost: building is linear in the number of properties times the inheritance depth;
/// the result is immutable and shared by every context.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel
public final class ManagedObjectModel: Sendable {
    /// The entities as declared.
    public let entities: [EntityDescription]
    /// Every mistake found in the declarations; empty for a valid model.
    public let validationErrors: [ModelError]
    /// The resolved entities in `Z_ENT` order (index = `Z_ENT` - 1); empty when invalid.
    package let resolvedEntities: [Entity]
    private let entitiesByName: [String: Entity]

    /// Builds and checks a model.
    public init(entities: [EntityDescription]) {
        self.entities = entities
        var resolver = ModelResolver(entities)
        let (resolved, errors) = resolver.resolve()
        resolvedEntities = resolved
        validationErrors = errors + TypedClassCheck.errors(in: resolved)
        precondition(
            resolvedEntities.count <= ObjectTable<Void>.maximumEntityCount,
            "a model may have at most \(ObjectTable<Void>.maximumEntityCount) entities")
        entitiesByName = Dictionary(
            resolvedEntities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Throws the first mistake in the model, if any.
    ///
    /// - Throws: ``ModelError``.
    public func validate() throws(ModelError) {
        if let first = validationErrors.first { throw first }
    }

    /// The stable version hash of each entity, keyed by entity name.
    ///
    /// It covers names, types, optionality, inheritance and relationship shapes; not
    /// indexes, defaults or delete rules, which do not change the stored layout's meaning.
    public var entityVersionHashes: [String: String] {
        Dictionary(uniqueKeysWithValues: resolvedEntities.map { ($0.name, "\($0.versionHash)") })
    }

    /// The stable version hash of the whole model: a hash of the entity hashes.
    public var versionHash: String {
        let text = resolvedEntities.map { "\($0.name)=\($0.versionHash)" }.sorted()
            .joined(separator: ";")
        return VersionHash(text).description
    }

    /// The resolved entity called `name`.
    package func entity(named name: String) -> Entity? {
        entitiesByName[name]
    }

    /// The resolved entity numbered `id`.
    package func entity(id: Int) -> Entity {
        resolvedEntities[id - 1]
    }
}
