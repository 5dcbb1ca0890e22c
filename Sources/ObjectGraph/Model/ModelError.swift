/// A mistake in a model, found when it is validated; each case names the entity and
/// property at fault.
///
/// ```swift
/// // relationship "author" of entity "Post": destination "Usr" is not an entity
/// ```
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two entities have the same name.
    case duplicateEntity(name: String)
    /// An entity declares (or inherits) two properties with the same name.
    case duplicateProperty(entity: String, property: String)
    /// An entity names a parent that is not in the model.
    case unknownParent(entity: String, parent: String)
    /// An entity is its own ancestor.
    case inheritanceCycle(entity: String)
    /// A relationship points at an entity that is not in the model.
    case unknownDestination(entity: String, relationship: String, destination: String)
    /// A to-many has no inverse, or the named inverse is not on the destination.
    case missingInverse(entity: String, relationship: String, inverse: String?)
    /// The inverse exists but does not point back at this relationship.
    case mismatchedInverse(entity: String, relationship: String, inverse: String, reason: String)
    /// A default value does not have the attribute's type.
    case invalidDefaultValue(entity: String, attribute: String, expected: String, actual: String)
    /// A fetch index or uniqueness constraint names no attribute or to-one of the entity.
    case unknownIndexProperty(entity: String, index: String, property: String)
    /// An entity name breaks Xcode's naming rules (`reason` says which).
    case invalidEntityName(entity: String, reason: String)
    /// An attribute or relationship name breaks Xcode's naming rules or is reserved.
    case invalidPropertyName(entity: String, property: String, reason: String)
    /// A fetch index name breaks Xcode's naming rules.
    case invalidIndexName(entity: String, index: String, reason: String)
    /// A stored attribute the engine cannot store: a derived attribute, an object-ID
    /// attribute, a non-transient Undefined one, a transformable whose transformer is not
    /// registered, a composite not defined in the model; `reason` says which.
    case unsupportedAttribute(entity: String, attribute: String, reason: String)
    /// A fetch index the engine cannot build yet (expression or R-tree elements).
    case unsupportedIndex(entity: String, index: String, reason: String)
    /// The model has no entities.
    case empty
    /// The model has more entities than the engine can number: object IDs keep the
    /// entity number in 12 bits, so at most `limit` (4,095) entities.
    case tooManyEntities(count: Int, limit: Int)
    /// A typed property of an entity's class does not fit the entity: no property of
    /// that name, or a type that cannot hold it.
    case invalidTypedProperty(objectClass: String, property: String, entity: String, reason: String)
    /// An entity's class cannot serve it (not a subclass of its parent entity's class).
    case invalidObjectClass(entity: String, objectClass: String, reason: String)

    /// One line: what is wrong and where.
    public var description: String {
        switch self {
        case .duplicateEntity(let name):
            return "model: entity \"\(name)\" is declared more than once"
        case .invalidTypedProperty(let objectClass, let property, let entity, let reason):
            return "class \(objectClass), property \"\(property)\" (entity \"\(entity)\"): "
                + reason
        case .invalidObjectClass(let entity, let objectClass, let reason):
            return "entity \"\(entity)\": class \(objectClass) \(reason)"
        case .duplicateProperty(let entity, let property):
            return "entity \"\(entity)\": property \"\(property)\" is declared more than once"
        case .unknownParent(let entity, let parent):
            return "entity \"\(entity)\": parent \"\(parent)\" is not an entity of the model"
        case .inheritanceCycle(let entity):
            return "entity \"\(entity)\": its parent chain loops back to itself"
        case .unknownDestination(let entity, let relationship, let destination):
            return "relationship \"\(relationship)\" of entity \"\(entity)\": destination "
                + "\"\(destination)\" is not an entity of the model"
        case .missingInverse(let entity, let relationship, let inverse):
            guard let inverse else {
                return "relationship \"\(relationship)\" of entity \"\(entity)\": a to-many "
                    + "relationship needs an inverse"
            }
            return "relationship \"\(relationship)\" of entity \"\(entity)\": inverse "
                + "\"\(inverse)\" is not a relationship of the destination"
        case .mismatchedInverse(let entity, let relationship, let inverse, let reason):
            return "relationship \"\(relationship)\" of entity \"\(entity)\": inverse "
                + "\"\(inverse)\" \(reason)"
        case .invalidDefaultValue(let entity, let attribute, let expected, let actual):
            return "attribute \"\(attribute)\" of entity \"\(entity)\": default value has "
                + "type \(actual), expected \(expected)"
        case .unknownIndexProperty(let entity, let index, let property):
            return "index \"\(index)\" of entity \"\(entity)\": \"\(property)\" is not an "
                + "attribute or to-one relationship"
        case .invalidEntityName(let entity, let reason):
            return "entity \"\(entity)\": the name \(reason); rename the entity (Xcode's rules: "
                + "an uppercase letter, then letters, digits or underscores)"
        case .invalidPropertyName(let entity, let property, let reason):
            return "property \"\(property)\" of entity \"\(entity)\": the name \(reason); "
                + "rename the property (Xcode's rules: a lowercase letter, then letters, digits "
                + "or underscores, and not a name the object itself uses)"
        case .invalidIndexName(let entity, let index, let reason):
            return "index \"\(index)\" of entity \"\(entity)\": the name \(reason); rename "
                + "the index (a letter, then letters, digits or underscores)"
        case .unsupportedAttribute(let entity, let attribute, let reason):
            return "attribute \"\(attribute)\" of entity \"\(entity)\": \(reason); make it "
                + "transient or change its type to load this model"
        case .unsupportedIndex(let entity, let index, let reason):
            return "index \"\(index)\" of entity \"\(entity)\": \(reason); remove the index "
                + "to load this model"
        case .empty:
            return "model: no entities"
        case .tooManyEntities(let count, let limit):
            return "model: \(count) entities, more than the \(limit) the engine supports "
                + "(object IDs keep the entity number in 12 bits); split the model into "
                + "smaller ones"
        }
    }
}
