/// A custom ("heavyweight") mapping between two model versions, for changes lightweight
/// migration cannot infer: splitting or merging entities, converting values. Core
/// Data's `NSMappingModel` with `NSEntityMapping`s.
///
/// Each entity mapping makes destination objects from the source objects of one
/// entity, reading the source in chunks of ``chunkSize`` rows (memory stays bounded by
/// a chunk, whatever the store's size), then a second pass, in SQL, sets relationships
/// through the keys the first pass recorded. Everything runs in one transaction on the
/// store: a failure leaves the store as it was.
///
/// ```swift
/// let split = MappingModel(from: v1, to: v2, entityMappings: [
///     EntityMapping(name: "aircraft", source: "Aircraft", destination: "Aircraft"),
///     EntityMapping(name: "flightData", source: "Aircraft", destination: "FlightData",
///         attributes: ["data": .source("flightData")],
///         relationships: ["aircraft": .sameSource(madeBy: "aircraft")],
///         filter: { $0["flightData"] != nil }),
/// ])
/// description.mappingModels = [split]
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsmappingmodel
public struct MappingModel: Sendable {
    /// The version the store was made with.
    public let source: ManagedObjectModel
    /// The version it is migrated to.
    public let destination: ManagedObjectModel
    /// The entity mappings, run in order (relationships after all of them).
    public var entityMappings: [EntityMapping]
    /// Source rows held in memory at once; 0 reads each entity in one pass.
    public var chunkSize = 10_000

    /// A mapping from `source` to `destination`.
    public init(
        from source: ManagedObjectModel, to destination: ManagedObjectModel,
        entityMappings: [EntityMapping]
    ) {
        self.source = source
        self.destination = destination
        self.entityMappings = entityMappings
    }
}

/// Makes destination objects of one entity from source objects of another (or the
/// same) entity.
///
/// A destination attribute without an entry in ``attributes`` takes the source
/// attribute of the same name when there is one, else its default value. A destination
/// to-one relationship without an entry takes the source relationship of the same name
/// when exactly one mapping makes objects from its destination; a one-to-many is set
/// from its to-one side.
public struct EntityMapping: Sendable {
    /// The mapping's name, which relationship mappings refer to.
    public let name: String
    /// The source entity.
    public let sourceEntity: String
    /// The destination entity.
    public let destinationEntity: String
    /// Destination attribute name to how its value is made.
    public var attributes: [String: AttributeMapping]
    /// Destination relationship name to the objects it relates.
    public var relationships: [String: RelationshipMapping]
    /// Which source objects get a destination object; all when nil.
    public var filter: (@Sendable (SourceObject) throws -> Bool)?
    /// Whether the source entity's sub-entities' objects are read too (true). Xcode's
    /// mapping models have one mapping per entity, sub-entities included, so each reads
    /// its own entity's objects only (false); reading sub-entities too would make their
    /// objects twice.
    public var includesSubentities = true

    /// A mapping called `name` from `source` objects to `destination` objects.
    /// - Parameters:
    ///   - name: The mapping's name, as `NSEntityMapping.name`; errors quote it.
    ///   - source: The source entity's name.
    ///   - destination: The destination entity's name.
    ///   - attributes: Destination attribute name to how its value is made; an attribute
    ///     left out gets its default.
    ///   - relationships: Destination relationship name to the objects it relates.
    ///   - filter: Which source objects get a destination object; every one when nil.
    public init(
        name: String, source: String, destination: String,
        attributes: [String: AttributeMapping] = [:],
        relationships: [String: RelationshipMapping] = [:],
        filter: (@Sendable (SourceObject) throws -> Bool)? = nil
    ) {
        self.name = name
        self.sourceEntity = source
        self.destinationEntity = destination
        self.attributes = attributes
        self.relationships = relationships
        self.filter = filter
    }
}

/// How a destination attribute's value is made from a source object.
public enum AttributeMapping: Sendable {
    /// The source object's attribute of that name.
    case source(String)
    /// The same value for every object.
    case constant(any Sendable)
    /// Computed from the source object (nil stores NULL).
    case compute(@Sendable (SourceObject) throws -> Any?)
    /// The attribute at the end of a key path through the source object's to-ones
    /// (`sentMessage.sortIndex`), copied as stored (the two attributes must store
    /// alike); NULL when a to-one on the way is nil. Set in SQL after the objects are
    /// made: one `UPDATE` per key path.
    case sourceKeyPath(String)
}

/// Which destination objects a destination relationship relates.
public enum RelationshipMapping: Sendable {
    /// The objects the named mapping made from the objects the source object's
    /// relationship names (a to-one, or a to-many for a many-to-many destination).
    case objects(ofSourceRelationship: String, madeBy: String)
    /// The object the named mapping made from the same source object (the two halves
    /// of a split entity).
    case sameSource(madeBy: String)
    /// The objects made, by whichever mappings made them, from the objects the source
    /// object's relationship names: Core Data's
    /// `destinationInstancesForSourceRelationshipNamed:sourceInstances:`, what Xcode
    /// generates for a relationship mapping. The mappings are those from the source
    /// relationship's destination (or a sub-entity) to the destination relationship's.
    case relatedObjects(ofSourceRelationship: String)
}

/// A source object as entity mappings see it: its key and attribute values (to-one
/// relationships as the related object's key).
public struct SourceObject {
    /// The source row's `Z_PK`.
    public let key: Int64
    /// The source entity's name.
    public let entity: String
    let values: [String: Any]

    /// The attribute's value, or the related object's key for a to-one; nil for NULL
    /// or an unknown name.
    public subscript(name: String) -> Any? { values[name] }
}
