/// Where each named thing of a model file was declared, so that an error found after
/// parsing (by the engine model's checks) can still name a line and column.
struct XcodeSourceLocations: Sendable {
    /// A 1-based line and column.
    struct Place: Sendable, Equatable {
        let line: Int
        let column: Int
    }

    /// Entity name to its `<entity>` element (the last one, for a duplicate name).
    var entities: [String: Place] = [:]
    /// `Entity.property` to its `<attribute>` or `<relationship>` element.
    var properties: [String: Place] = [:]
    /// `Entity#index` to its `<fetchIndex>` or `<compoundIndex>` element.
    var indexes: [String: Place] = [:]
    /// Attributes naming a composite: owner, attribute, composite name, place.
    var compositeUses: [(String, String, String, Place)] = []
    /// Fetch requests: owner text, request name, entity name, place.
    var fetchRequestEntities: [(String, String, String, Place)] = []
    /// Configuration members: configuration, entity, place.
    var configurationMembers: [(String, String, Place)] = []

    /// The place a model error is about: its property, index or entity.
    func place(of error: ModelError) -> Place? {
        switch error {
        case .duplicateEntity(let name): return entities[name]
        case .duplicateProperty(let entity, let property),
            .unknownDestination(let entity, let property, _),
            .missingInverse(let entity, let property, _),
            .mismatchedInverse(let entity, let property, _, _),
            .invalidDefaultValue(let entity, let property, _, _),
            .invalidPropertyName(let entity, let property, _),
            .unsupportedAttribute(let entity, let property, _),
            .invalidTypedProperty(_, let property, let entity, _):
            return properties[entity + "." + property] ?? entities[entity]
        case .unknownIndexProperty(let entity, let index, _),
            .invalidIndexName(let entity, let index, _),
            .unsupportedIndex(let entity, let index, _):
            return indexes[entity + "#" + index] ?? entities[entity]
        case .unknownParent(let entity, _), .inheritanceCycle(let entity),
            .invalidEntityName(let entity, _), .invalidObjectClass(let entity, _, _):
            return entities[entity]
        case .empty, .tooManyEntities: return nil
        }
    }
}
