import ObjectGraph

extension DatasetLayout {
    /// Derives the layout of `schema` at `size`: counts, recipes (the schema's or the
    /// defaults for each attribute type), to-one and many-to-many relationships.
    ///
    /// - Throws: ``DatasetError`` when a plan names an entity or property the model lacks.
    public init(schema: DatasetSchema, size: Int) throws {
        let model = ModelView(schema.model)
        for (entity, plan) in schema.plans {
            guard let description = model.byName[entity] else {
                throw DatasetError.unknownEntity(schema: schema.name, entity: entity)
            }
            let known = Set(
                model.attributes(of: description).map(\.name)
                    + model.relationships(of: description).map(\.name))
            if let unknown = (Array(plan.values.keys) + Array(plan.links.keys)).sorted().first(
                where: { !known.contains($0) })
            {
                throw DatasetError.unknownProperty(
                    schema: schema.name, entity: entity, property: unknown)
            }
        }
        let counts = Dictionary(
            uniqueKeysWithValues: model.concrete.map {
                ($0.name, schema.plan(for: $0.name).count.rows(at: size))
            })
        entities = try Self.dependencyOrder(model.concrete, model: model).map {
            try Self.entity($0, schema: schema, model: model, counts: counts)
        }
        links = model.concrete.flatMap { Self.links(of: $0, schema: schema, model: model) }
    }

    private static func entity(
        _ description: EntityDescription, schema: DatasetSchema, model: ModelView,
        counts: [String: Int]
    ) throws -> EntityLayout {
        let plan = schema.plan(for: description.name)
        let attributes = model.attributes(of: description)
        let names = attributes.map(\.name)
        let columns = try attributes.map { attribute -> EntityLayout.Column in
            let recipe =
                plan.values[attribute.name] ?? .defaultRecipe(for: attribute.type.recipeFamily)
            let source = try recipe.dependency.map { dependency -> Int in
                guard let index = names.firstIndex(of: dependency) else {
                    throw DatasetError.unknownProperty(
                        schema: schema.name, entity: description.name, property: dependency)
                }
                return index
            }
            return EntityLayout.Column(name: attribute.name, recipe: recipe, sourceIndex: source)
        }
        let drawOrder =
            columns.indices.filter { columns[$0].sourceIndex == nil }
            + columns.indices.filter { columns[$0].sourceIndex != nil }
        let toOnes = model.relationships(of: description).filter { !$0.isToMany }.map {
            relationship in
            let inverse = relationship.inverse.flatMap {
                model.relationship($0, of: relationship.destination)
            }
            let oneToOne = inverse.map { !$0.isToMany } ?? false
            let isSelf = model.isSame(relationship.destination, as: description.name)
            return EntityLayout.ToOne(
                name: relationship.name, destination: relationship.destination,
                destinationCount: counts[relationship.destination] ?? 0,
                recipe: plan.links[relationship.name]
                    ?? .defaultRecipe(isToMany: false, isOptional: relationship.isOptional),
                pairsByIndex: oneToOne, isTree: isSelf && !oneToOne,
                inverseMinimum: inverse?.isToMany == true ? inverse?.minCount ?? 0 : 0,
                inverseMaximum: inverse?.isToMany == true ? inverse?.maxCount ?? 0 : 0)
        }
        return EntityLayout(
            name: description.name, count: counts[description.name] ?? 0, columns: columns,
            drawOrder: drawOrder, toOnes: toOnes)
    }

    /// Entities ordered so that each comes after the destinations of its to-one
    /// relationships (a writer that inserts through the engine needs their IDs first);
    /// model order is kept among equals, and a cycle keeps its members in model order.
    static func dependencyOrder(_ entities: [EntityDescription], model: ModelView)
        -> [EntityDescription]
    {
        var remaining = entities
        var ordered: [EntityDescription] = []
        while !remaining.isEmpty {
            let placed = Set(ordered.map(\.name))
            let ready = remaining.firstIndex { entity in
                model.relationships(of: entity).allSatisfy { relationship in
                    relationship.isToMany || relationship.destination == entity.name
                        || placed.contains(relationship.destination)
                        || !remaining.contains { $0.name == relationship.destination }
                }
            }
            ordered.append(remaining.remove(at: ready ?? 0))
        }
        return ordered
    }

    /// Many-to-many relationships, each generated once, from the side whose
    /// entity.relationship name sorts first (or the only side, without an inverse).
    private static func links(
        of description: EntityDescription, schema: DatasetSchema, model: ModelView
    ) -> [LinkLayout] {
        model.relationships(of: description).compactMap { relationship in
            guard relationship.isToMany else { return nil }
            let inverse = relationship.inverse.flatMap {
                model.relationship($0, of: relationship.destination)
            }
            if let inverse, !inverse.isToMany { return nil }
            if let inverse,
                "\(relationship.destination).\(inverse.name)"
                    < "\(description.name).\(relationship.name)"
            {
                return nil
            }
            let recipe =
                schema.plan(for: description.name).links[relationship.name]
                ?? .defaultRecipe(isToMany: true, isOptional: true)
            guard case .links(let perRow, let skew) = recipe else { return nil }
            return LinkLayout(
                entity: description.name, relationship: relationship.name,
                destination: relationship.destination, inverse: relationship.inverse,
                perRow: Self.clamp(perRow, to: relationship), skew: skew)
        }
    }
}

extension DatasetLayout {
    /// `perRow` kept within the relationship's minimum and maximum counts (0: none).
    static func clamp(_ perRow: ClosedRange<Int>, to relationship: RelationshipDescription)
        -> ClosedRange<Int>
    {
        let lower = max(perRow.lowerBound, relationship.minCount)
        let upper =
            relationship.maxCount > 0
            ? min(perRow.upperBound, relationship.maxCount) : perRow.upperBound
        return lower...max(lower, upper)
    }
}

/// Read access to a model's entity descriptions with inheritance flattened.
struct ModelView {
    let byName: [String: EntityDescription]
    let concrete: [EntityDescription]
    private let model: ManagedObjectModel

    init(_ model: ManagedObjectModel) {
        self.model = model
        byName = Dictionary(
            model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        concrete = model.entities.filter { !$0.isAbstract }
    }

    /// The entity's attributes, inherited ones first; a composite attribute stands for
    /// its fields, each a plain attribute named by its key path (`address.city`), as
    /// the store keeps them.
    func attributes(of entity: EntityDescription) -> [AttributeDescription] {
        (entity.parent.flatMap { byName[$0] }.map(attributes(of:)) ?? [])
            + entity.attributes.flatMap { attribute -> [AttributeDescription] in
                guard case .composite = attribute.valueKind else { return [attribute] }
                let fields = model.entity(named: entity.name)?.attributes ?? []
                return fields.filter { $0.name.hasPrefix(attribute.name + ".") }.map { field in
                    AttributeDescription(
                        name: field.name, type: field.type, isOptional: field.isOptional)
                }
            }
    }

    func relationships(of entity: EntityDescription) -> [RelationshipDescription] {
        (entity.parent.flatMap { byName[$0] }.map(relationships(of:)) ?? []) + entity.relationships
    }

    /// Whether `entity` is `other` or one of its ancestors (a to-one on a parent entity
    /// pointing at it is a self-reference for every sub-entity).
    func isSame(_ entity: String, as other: String) -> Bool {
        var current: String? = other
        while let name = current {
            if name == entity { return true }
            current = byName[name]?.parent
        }
        return false
    }

    func relationship(_ name: String, of entity: String) -> RelationshipDescription? {
        byName[entity].flatMap { relationships(of: $0).first { $0.name == name } }
    }
}

extension AttributeType {
    /// The family default recipes are chosen by.
    var recipeFamily: AttributeTypeName {
        switch self {
        case .integer16, .integer32, .integer64: return .integer
        case .double, .float: return .real
        case .decimal: return .decimal
        case .string: return .string
        case .boolean: return .boolean
        case .date: return .date
        case .binary: return .binary
        case .uuid: return .uuid
        case .uri: return .uri
        }
    }
}
