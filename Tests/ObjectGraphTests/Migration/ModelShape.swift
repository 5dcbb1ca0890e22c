import ObjectGraph

/// A model's entities with inheritance flattened: what the chain dataset and the
/// migration checks need to walk any model by its descriptions.
struct ModelShape {
    private let entitiesByName: [String: EntityDescription]

    /// The entities that can have objects (not abstract), by name.
    let concreteEntities: [EntityDescription]

    /// The shape of `model`.
    init(_ model: ManagedObjectModel) {
        entitiesByName = Dictionary(
            model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        concreteEntities = model.entities.filter { !$0.isAbstract }.sorted { $0.name < $1.name }
    }

    /// The entity called `name`.
    func entity(_ name: String) -> EntityDescription? {
        entitiesByName[name]
    }

    /// `name` and the entities above it, nearest first.
    func ancestry(of name: String) -> [EntityDescription] {
        var chain: [EntityDescription] = []
        var next = entitiesByName[name]
        while let entity = next, !chain.contains(where: { $0.name == entity.name }) {
            chain.append(entity)
            next = entity.parent.flatMap { entitiesByName[$0] }
        }
        return chain
    }

    /// Every attribute of `name`, inherited ones included.
    func attributes(of name: String) -> [AttributeDescription] {
        ancestry(of: name).reversed().flatMap(\.attributes)
    }

    /// Every relationship of `name`, inherited ones included.
    func relationships(of name: String) -> [RelationshipDescription] {
        ancestry(of: name).reversed().flatMap(\.relationships)
    }

    /// The concrete entities whose objects a relationship to `name` may hold.
    func descendants(of name: String) -> [String] {
        concreteEntities.map(\.name).filter { candidate in
            ancestry(of: candidate).contains { $0.name == name }
        }
    }

    /// The inverse of `relationship`, when it names one that exists.
    func inverse(of relationship: RelationshipDescription) -> RelationshipDescription? {
        guard let name = relationship.inverse else { return nil }
        return relationships(of: relationship.destination).first { $0.name == name }
    }
}
