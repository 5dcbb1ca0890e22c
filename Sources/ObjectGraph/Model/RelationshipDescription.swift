/// One relationship of an entity: a to-one reference or a to-many collection.
///
/// A to-one is stored as a foreign-key column (`Z<NAME>`, indexed); a one-to-many has no
/// column of its own (it is the inverse to-one's column); a many-to-many is stored in a
/// join table `Z_<ent><NAME>`. Core Data keeps both directions in step, so every to-many
/// needs an inverse; a to-one may have none.
///
/// ```swift
/// RelationshipDescription(name: "posts", destination: "Post", inverse: "author",
///                         isToMany: true, deleteRule: .cascade)
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsrelationshipdescription
public struct RelationshipDescription: Hashable, Sendable {
    /// The key the relationship is read and written with.
    public var name: String
    /// The name of the destination entity.
    public var destination: String
    /// The name of the inverse relationship on the destination, if any.
    public var inverse: String?
    /// Whether this side holds many objects.
    public var isToMany: Bool
    /// Whether a to-many keeps its objects in order (read back as an array).
    public var isOrdered: Bool
    /// What deleting the source object does to the destination objects.
    public var deleteRule: DeleteRule
    /// Whether a to-one may be nil at save time.
    public var isOptional: Bool
    /// The fewest objects a to-many may hold when it is not empty (0: no floor).
    public var minCount = 0
    /// The most objects a to-many may hold (0: no ceiling; a to-one is 1).
    public var maxCount = 0
    /// Whether the relationship lives only in memory; the engine gives it no storage.
    public var isTransient = false
    /// Whether a legacy `indexed="YES"` asked for an index (to-one keys always get one).
    public var isIndexed = false
    /// Whether Spotlight indexes the relationship.
    public var isIndexedBySpotlight = false
    /// Text mixed into the version hash to force a new version without a schema change.
    public var versionHashModifier: String?
    /// The property's previous name, for lightweight migration (Xcode's `elementID`).
    public var renamingIdentifier: String?
    /// Application data kept with the model; the engine does not read it.
    public var userInfo: [String: String] = [:]

    /// Describes a relationship.
    public init(
        name: String, destination: String, inverse: String? = nil, isToMany: Bool = false,
        isOrdered: Bool = false, deleteRule: DeleteRule = .nullify, isOptional: Bool = true
    ) {
        self.name = name
        self.destination = destination
        self.inverse = inverse
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.deleteRule = deleteRule
        self.isOptional = isOptional
    }
}
