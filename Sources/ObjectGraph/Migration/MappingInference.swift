import SQLiteDB

/// Builds an ``InferredMapping``'s entity maps and collects every problem.
///
/// Kept apart from the mapping so the rules (what Core Data's inferred mapping accepts)
/// read in one place; docs/MIGRATION.md lists them.
struct MappingInference {
    let source: ManagedObjectModel
    let destination: ManagedObjectModel
    private(set) var problems: [MigrationProblem] = []
    private let sourceRenames: DeclaredRenames
    private let destinationRenames: DeclaredRenames

    init(source: ManagedObjectModel, destination: ManagedObjectModel) {
        self.source = source
        self.destination = destination
        sourceRenames = DeclaredRenames(source)
        destinationRenames = DeclaredRenames(destination)
    }

    /// The map of every destination entity, in `Z_ENT` order; problems are collected.
    mutating func entityMaps() -> [EntityMap] {
        var claimed: [String: String] = [:]
        var maps: [EntityMap] = []
        for entity in destination.resolvedEntities {
            let sourceEntity = Self.match(
                entity.name, renamedFrom: destinationRenames.entity(entity.name),
                among: source.resolvedEntities, name: \.name,
                renamedFrom: { sourceRenames.entity($0.name) })
            if let sourceEntity {
                if let other = claimed.updateValue(entity.name, forKey: sourceEntity.name) {
                    problem(
                        entity.name, nil,
                        "both \(other) and \(entity.name) take the data of source entity "
                            + "\(sourceEntity.name); rename one or use a custom mapping")
                }
                if entity.isAbstract, !sourceEntity.isAbstract {
                    problem(
                        entity.name, nil,
                        "becomes abstract while the store may hold instances of it; move "
                            + "them to a sub-entity with a custom mapping")
                }
            }
            maps.append(
                EntityMap(
                    destination: entity, source: sourceEntity,
                    attributes: entity.attributes.map {
                        attributeSource($0, of: entity, from: sourceEntity)
                    },
                    relationships: entity.relationships.map {
                        relationshipSource($0, of: entity, from: sourceEntity)
                    }))
        }
        return maps
    }

    /// The source element a destination element called `name` takes the data of, as
    /// Core Data matches them: by canonical name (the renaming identifier, or else the
    /// name) on both sides, so an identifier Xcode carries into later versions keeps
    /// matching. Among several with one canonical name the one with the same name
    /// wins, then the one named by the identifier; with none, the source element named
    /// by the identifier.
    static func match<Element>(
        _ name: String, renamedFrom identifier: String?, among candidates: [Element],
        name nameOf: (Element) -> String, renamedFrom identifierOf: (Element) -> String?
    ) -> Element? {
        let canonical = identifier ?? name
        let same = candidates.filter { (identifierOf($0) ?? nameOf($0)) == canonical }
        return same.first { nameOf($0) == name } ?? same.first { nameOf($0) == canonical }
            ?? (same.count == 1 ? same[0] : nil) ?? candidates.first { nameOf($0) == canonical }
    }

    private mutating func problem(_ entity: String, _ property: String?, _ reason: String) {
        problems.append(MigrationProblem(entity: entity, property: property, reason: reason))
    }

    /// The property of `sourceEntity` that `entity`'s property `name` takes the data of
    /// (``match(_:renamedFrom:among:name:renamedFrom:)``).
    private func sourceProperty<Property>(
        _ name: String, of entity: Entity, in sourceEntity: Entity?,
        _ properties: (Entity) -> [Property], _ nameOf: (Property) -> String
    ) -> Property? {
        guard let sourceEntity else { return nil }
        return Self.match(
            name, renamedFrom: destinationRenames.property(name, of: entity.name),
            among: properties(sourceEntity), name: nameOf,
            renamedFrom: { sourceRenames.property(nameOf($0), of: sourceEntity.name) })
    }

    private mutating func attributeSource(
        _ attribute: ResolvedAttribute, of entity: Entity, from sourceEntity: Entity?
    ) -> AttributeSource {
        let old = sourceProperty(attribute.name, of: entity, in: sourceEntity, \.attributes, \.name)
        guard let old else {
            if sourceEntity != nil, !attribute.isOptional, attribute.defaultValue == .null {
                problem(
                    entity.name, attribute.name,
                    "is new and required but has no default value, so existing objects "
                        + "would have none; give it a default value or make it optional")
            }
            return .new(attribute.defaultValue)
        }
        if let reason = AttributeConversion.refusal(from: old, to: attribute) {
            problem(entity.name, attribute.name, reason)
        }
        var fill = SQLiteValue.null
        if old.isOptional, !attribute.isOptional {
            if attribute.defaultValue == .null {
                problem(
                    entity.name, attribute.name,
                    "becomes required without a default value, so objects that have none "
                        + "would be invalid; give it a default value")
            }
            fill = attribute.defaultValue
        }
        return .copy(old, fill: fill)
    }

    private mutating func relationshipSource(
        _ relationship: ResolvedRelationship, of entity: Entity, from sourceEntity: Entity?
    ) -> ResolvedRelationship? {
        guard
            let old = sourceProperty(
                relationship.name, of: entity, in: sourceEntity, \.relationships, \.name)
        else { return nil }
        let oldDestination = source.entity(id: old.destinationID)
        let newDestination = destination.entity(id: relationship.destinationID)
        guard
            let mappedSource = Self.match(
                newDestination.name, renamedFrom: destinationRenames.entity(newDestination.name),
                among: source.resolvedEntities, name: \.name,
                renamedFrom: { sourceRenames.entity($0.name) })
        else { return nil }
        if !(oldDestination.includes(mappedSource) || mappedSource.includes(oldDestination)) {
            problem(
                entity.name, relationship.name,
                "its destination changed from \(oldDestination.name) to \(newDestination.name), "
                    + "which does not take \(oldDestination.name)'s objects; use a custom mapping")
            return nil
        }
        if old.isToMany, !relationship.isToMany {
            problem(
                entity.name, relationship.name,
                "changes from to-many to to-one, which would drop related objects; use a "
                    + "custom mapping that chooses one")
            return nil
        }
        return old
    }
}

/// The renaming identifiers a model declares, per entity and per property (inherited
/// properties included).
struct DeclaredRenames {
    private var entities: [String: String] = [:]
    private var properties: [String: [String: String]] = [:]

    init(_ model: ManagedObjectModel) {
        let declared = Dictionary(
            model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in model.entities {
            entities[entity.name] = entity.renamingIdentifier
            var renames: [String: String] = [:]
            var current: EntityDescription? = entity
            var seen: Set<String> = []
            while let each = current, seen.insert(each.name).inserted {
                for attribute in each.attributes where renames[attribute.name] == nil {
                    if let id = attribute.renamingIdentifier { renames[attribute.name] = id }
                }
                for relationship in each.relationships where renames[relationship.name] == nil {
                    if let id = relationship.renamingIdentifier {
                        renames[relationship.name] = id
                    }
                }
                current = each.parent.flatMap { declared[$0] }
            }
            properties[entity.name] = renames
        }
    }

    /// The source name `entity` is renamed from, if it declares one.
    func entity(_ name: String) -> String? { entities[name] }

    /// The source name `property` of `entity` is renamed from, if it declares one.
    func property(_ name: String, of entity: String) -> String? { properties[entity]?[name] }
}
