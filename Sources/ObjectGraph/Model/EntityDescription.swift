/// One entity of a model: its name, parent, attributes and relationships.
///
/// An entity is stored in the table `Z<NAME>` of its root entity: a parent and all its
/// sub-entities share one table, told apart by `Z_ENT`. Sub-entities inherit the
/// parent's properties. An abstract entity cannot be inserted.
///
/// ```swift
/// EntityDescription(name: "Post",
///     attributes: [AttributeDescription(name: "title", type: .string)],
///     relationships: [RelationshipDescription(name: "author", destination: "User",
///                                             inverse: "posts")])
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsentitydescription
public struct EntityDescription: Sendable {
    /// The entity's name, unique in its model.
    public var name: String
    /// The parent entity's name, for a sub-entity.
    public var parent: String?
    /// Whether the entity only serves as a parent.
    public var isAbstract: Bool
    /// The entity's own attributes (inherited ones are not repeated here).
    public var attributes: [AttributeDescription]
    /// The entity's own relationships.
    public var relationships: [RelationshipDescription]
    /// Compound fetch indexes (`Z_<Entity>_<name>`).
    public var indexes: [FetchIndexDescription]
    /// Sets of properties whose values must be unique together; each becomes a unique
    /// index. A save that breaks one fails with `SQLITE_CONSTRAINT_UNIQUE`; a batch
    /// insert updates the existing row instead (an upsert).
    public var uniquenessConstraints: [[String]]
    /// The class that represents the entity's objects (Xcode's `representedClassName`);
    /// it does not change the version hash.
    public var representedClassName: String?
    /// Text mixed into the version hash to force a new version without a schema change.
    public var versionHashModifier: String?
    /// The entity's previous name, for lightweight migration (Xcode's `elementID`).
    public var renamingIdentifier: String?
    /// Fetched properties: named fetches evaluated per object, never stored.
    public var fetchedProperties: [FetchedPropertyDescription] = []
    /// Application data kept with the model; the engine does not read it.
    public var userInfo: [String: String] = [:]
    /// The class its objects are made of: ``ManagedObject`` itself, or a subclass whose
    /// `@Attribute` and `@Relationship` properties read and write this entity's
    /// properties (checked when the model is built). A sub-entity without a class of its
    /// own uses its parent's.
    public var managedObjectClass: ManagedObject.Type?

    /// Describes an entity.
    public init(
        name: String, parent: String? = nil, isAbstract: Bool = false,
        managedObjectClass: ManagedObject.Type? = nil,
        attributes: [AttributeDescription] = [], relationships: [RelationshipDescription] = [],
        indexes: [FetchIndexDescription] = [], uniquenessConstraints: [[String]] = []
    ) {
        self.managedObjectClass = managedObjectClass
        self.indexes = indexes
        self.uniquenessConstraints = uniquenessConstraints
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
    }
}

extension EntityDescription {
    /// The entity without its transient properties: what the store keeps.
    package var storedPart: EntityDescription {
        var stored = self
        stored.attributes.removeAll(where: \.isTransient)
        stored.relationships.removeAll(where: \.isTransient)
        return stored
    }
}
