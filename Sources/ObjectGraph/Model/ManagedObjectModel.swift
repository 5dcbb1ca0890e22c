import Foundation

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
    /// What Core Data accepts with a warning (a to-many without an inverse): the model
    /// is valid, but worth a look.
    public let validationWarnings: [ModelWarning]
    /// The resolved entities in `Z_ENT` order (index = `Z_ENT` - 1); empty when invalid.
    package let resolvedEntities: [Entity]
    private let entitiesByName: [String: Entity]

    /// Free-form version names (Xcode's `userDefinedModelVersionIdentifier`), copied
    /// into store metadata; never used to match a store to a model.
    public let versionIdentifiers: [String]

    /// Builds and checks a model; transformable attributes find their transformers in
    /// `transformers` (a name that is not there is a validation error).
    ///
    /// - Parameters:
    ///   - entities: The entities.
    ///   - versionIdentifiers: Free-form version names for the store metadata.
    ///   - transformers: Where transformable attributes find their transformers.
    ///   - composites: The composite types composite attributes name; each composite
    ///     attribute is stored flattened, one column per field (`ZADDRESS_CITY`).
    public init(
        entities: [EntityDescription], versionIdentifiers: [String] = [],
        transformers: ValueTransformerRegistry = .standard,
        composites: [CompositeAttributeDescription] = []
    ) {
        self.entities = entities
        self.versionIdentifiers = versionIdentifiers
        let limit = ObjectTable<Void>.maximumEntityCount
        if entities.count > limit {
            // Numbering more entities than object IDs can hold is refused before any
            // resolution work: a model error, as any other mistake in the declarations.
            resolvedEntities = []
            validationErrors = [.tooManyEntities(count: entities.count, limit: limit)]
            validationWarnings = []
            entitiesByName = [:]
            return
        }
        var resolver = ModelResolver(entities, transformers: transformers, composites: composites)
        let (resolved, errors) = resolver.resolve()
        resolvedEntities = resolved
        validationErrors = errors + TypedClassCheck.errors(in: resolved)
        validationWarnings = resolver.warnings
        entitiesByName = Dictionary(
            resolvedEntities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `model` with other resolved entities: the same model stored under a store's own
    /// names (``binding(joins:)``).
    init(model: ManagedObjectModel, resolvedEntities: [Entity]) {
        entities = model.entities
        versionIdentifiers = model.versionIdentifiers
        validationErrors = model.validationErrors
        validationWarnings = model.validationWarnings
        self.resolvedEntities = resolvedEntities
        entitiesByName = Dictionary(
            resolvedEntities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Throws the first mistake in the model, if any.
    ///
    /// - Throws: ``ModelError``.
    public func validate() throws(ModelError) {
        if let first = validationErrors.first { throw first }
    }

    /// The version hash of each entity, keyed by entity name: 32 bytes, as Core Data's
    /// `entityVersionHashesByName` and the store's `NSStoreModelVersionHashes`.
    ///
    /// It covers names, types, optionality, inheritance and relationship shapes; not
    /// indexes, defaults, class names or delete rules (see `EntityVersionHasher`).
    public var entityVersionHashes: [String: Data] {
        Dictionary(
            uniqueKeysWithValues: resolvedEntities.map { ($0.name, Data($0.versionHash.bytes)) })
    }

    /// The version hash of the whole model, Core Data's `NSStoreModelVersionHashesDigest`:
    /// base64 of the SHA-512 of each entity's name and hash, entities by name.
    public var versionHash: String {
        Self.versionHashesDigest(entityVersionHashes)
    }

    /// The checksum staged migration names model versions by (Core Data's
    /// `NSManagedObjectModel.versionChecksum`): the model digest, ``versionHash``.
    public var versionChecksum: String { versionHash }

    /// Core Data's model digest of `hashes` (entity name to version hash), as it
    /// writes `NSStoreModelVersionHashesDigest`: base64 of the SHA-512 of every name's
    /// UTF-8 bytes followed by its hash, names in order.
    ///
    /// Cost: one SHA-512 over 32 bytes plus the name per entity.
    public static func versionHashesDigest(_ hashes: [String: Data]) -> String {
        var input: [UInt8] = []
        for name in hashes.keys.sorted() {
            input += Array(name.utf8) + Array(hashes[name]!)
        }
        return Data(SHA512.digest(input)).base64EncodedString()
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
