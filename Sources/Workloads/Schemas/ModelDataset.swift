import Foundation
import ObjectGraph

/// A dataset schema for a user's own Xcode model: every stored attribute and
/// relationship filled with values of its type, so `bench generate --model` works for
/// any app.
///
/// - Counts: the entity with the most to-one relationships (ties by name) is the
///   primary entity and gets `size` rows; an entity others point at with to-ones but
///   that points at none gets `size / 10`; every other entity gets `size`. `counts`
///   overrides any of them (`--entity Post=5000`).
/// - Values: the type's default recipe, kept within `minValueString` /
///   `maxValueString` (numbers; string lengths); attributes of a uniqueness constraint
///   get unique values (row-numbered text, sequences).
/// - Relationships: a to-one whose inverse is to-many picks its destination with Zipf
///   skew (a few parents with many children); optional to-ones are nil in 5% of rows;
///   many-to-manys get 0 to 3 links per row with square-root skew.
/// - Composite attributes are generated field by field; transformables of
///   `[String]` through Core Data's archiving transformers get word lists. What the
///   engine cannot store yet (derived attributes, expression and R-tree indexes) and
///   other transformable values (whose bytes only their transformer makes) are left
///   out, each with a warning; transient properties have no storage and are skipped.
///
/// The schema's name carries the model's name and a digest of the model and of every
/// entity's plan (counts, value and link recipes), so a changed model or other counts
/// never reuse a cached dataset. Cost: one pass over the model.
public struct ModelDataset: Sendable {
    /// The schema to generate.
    public let schema: DatasetSchema
    /// The primary entity, whose row count is the dataset size.
    public let primaryEntity: String
    /// What was left out, one line each (`Post.tags left out: transformable …`).
    public let warnings: [String]
    /// The model's fetch request templates (`bench run --model` runs them).
    public let requests: [FetchRequestTemplate]

    /// Derives the dataset of `model`.
    ///
    /// - Throws: ``XcodeModelError`` when what is left does not make a valid model;
    ///   ``DatasetError/unknownEntity(schema:entity:)`` for a count naming no entity.
    public init(model: XcodeModel, counts: [String: Int] = [:]) throws {
        var trimmed = model
        var warnings: [String] = []
        trimmed.entities = model.entities.map { Self.storable($0, warnings: &warnings) }
        let engineModel = try trimmed.makeModel()
        warnings += engineModel.validationWarnings.map(\.description)
        let entities = trimmed.entities
        let primary = Self.primary(entities)
        for entity in counts.keys.sorted() where !entities.contains(where: { $0.name == entity }) {
            throw DatasetError.unknownEntity(
                schema: Self.schemaName(path: model.path, digest: Self.storeDigest(engineModel)),
                entity: entity)
        }
        let parents = Set(
            entities.flatMap { $0.relationships.filter { !$0.isToMany }.map(\.destination) })
        var plans: [String: DatasetSchema.EntityPlan] = [:]
        for entity in entities {
            let lineage = Self.lineage(of: entity, in: entities)
            let hasToOne = lineage.flatMap(\.relationships).contains { !$0.isToMany }
            let ratio: DatasetSchema.Count =
                entity.name == primary || hasToOne || !parents.contains(entity.name)
                ? .ratio(1, 1) : .ratio(1, 10)
            plans[entity.name] = DatasetSchema.EntityPlan(
                count: counts[entity.name].map { .fixed($0) } ?? ratio,
                values: ModelValueRecipes.recipes(
                    for: lineage.flatMap(\.attributes).filter {
                        // A composite's fields take their types' default recipes.
                        if case .composite = $0.valueKind { return false }
                        return true
                    },
                    unique: Set(lineage.flatMap { $0.uniquenessConstraints.joined() }),
                    entity: entity.name),
                links: Self.links(of: lineage.flatMap(\.relationships), in: entities))
        }
        // The name (the cache key) covers the plans too: `--entity` counts and the
        // value ranges the attributes' min/max give decide the rows as much as the model.
        let name = Self.schemaName(
            path: model.path, digest: Self.storeDigest(engineModel, plans: plans))
        schema = DatasetSchema(name: name, model: engineModel, plans: plans)
        primaryEntity = primary
        self.warnings = warnings
        requests = model.fetchRequestTemplates
    }

    /// The entity without what the engine cannot store, each omission noted.
    private static func storable(_ entity: EntityDescription, warnings: inout [String])
        -> EntityDescription
    {
        var entity = entity.storedPart
        var dropped = Set<String>()
        entity.attributes.removeAll { attribute in
            guard let reason = Self.leftOutReason(attribute) else { return false }
            warnings.append("\(entity.name).\(attribute.name) left out: \(reason)")
            dropped.insert(attribute.name)
            return true
        }
        entity.indexes.removeAll { index in
            let elements = index.elements
            guard
                elements.contains(where: {
                    $0.expression != nil || $0.isRTree || dropped.contains($0.property)
                })
            else { return false }
            warnings.append(
                "\(entity.name) index \(index.name) left out: it uses an expression, an R-tree or a left-out attribute"
            )
            return true
        }
        entity.uniquenessConstraints.removeAll { !dropped.isDisjoint(with: $0) }
        return entity
    }

    /// Why the generator leaves `attribute` out: what the engine cannot store, and
    /// transformable values, whose bytes only their transformer can make.
    private static func leftOutReason(_ attribute: AttributeDescription) -> String? {
        if case .transformable(let name, let className) = attribute.valueKind,
            !ModelValueRecipes.generatesStringLists(transformer: name, className: className)
        {
            let through = (name ?? "").isEmpty ? "the keyed unarchiver" : name ?? ""
            return "transformable values of \(className ?? "an unnamed class") through "
                + "\(through) are not generated yet"
        }
        return attribute.unsupportedReason
    }

    private static func primary(_ entities: [EntityDescription]) -> String {
        let concrete = entities.filter { !$0.isAbstract }.sorted { $0.name < $1.name }
        let best = concrete.max { first, second in
            first.relationships.filter { !$0.isToMany }.count
                < second.relationships.filter { !$0.isToMany }.count
        }
        return best?.name ?? entities.first?.name ?? ""
    }

    /// The entity's ancestors, root first, then the entity.
    private static func lineage(of entity: EntityDescription, in entities: [EntityDescription])
        -> [EntityDescription]
    {
        var chain = [entity]
        while let parent = chain[0].parent,
            let found = entities.first(where: { $0.name == parent }),
            !chain.contains(where: { $0.name == parent })
        {
            chain.insert(found, at: 0)
        }
        return chain
    }

    private static func links(
        of relationships: [RelationshipDescription], in entities: [EntityDescription]
    ) -> [String: LinkRecipe] {
        var links: [String: LinkRecipe] = [:]
        for relationship in relationships {
            let inverse = relationship.inverse.flatMap { name in
                entities.first { $0.name == relationship.destination }?.relationships.first {
                    $0.name == name
                }
            }
            if relationship.isToMany {
                links[relationship.name] = .links(perRow: 0...3, skew: .half)
            } else {
                links[relationship.name] = .toOne(
                    skew: inverse?.isToMany == true ? .one : nil,
                    percentNil: relationship.isOptional ? 5 : 0)
            }
        }
        return links
    }

    /// A digest of what decides the stored file: the model's version hash plus every
    /// table's columns, indexes and uniqueness constraints, which Core Data's version
    /// hashes leave out (an edited index must not reuse a dataset built without it),
    /// plus each entity's plan: its count (`--entity`), value recipes (whose ranges
    /// come from the attributes' minimum and maximum) and link recipes.
    private static func storeDigest(
        _ model: ManagedObjectModel, plans: [String: DatasetSchema.EntityPlan] = [:]
    ) -> String {
        var text = model.versionHash
        for (entity, plan) in plans.sorted(by: { $0.key < $1.key }) {
            text += "|plan \(entity): \(plan.count)"
            for (attribute, recipe) in plan.values.sorted(by: { $0.key < $1.key }) {
                var dumped = ""
                dump(recipe, to: &dumped)
                text += ";\(attribute)=\(dumped)"
            }
            for (relationship, link) in plan.links.sorted(by: { $0.key < $1.key }) {
                var dumped = ""
                dump(link, to: &dumped)
                text += ";\(relationship)=\(dumped)"
            }
        }
        for entity in model.resolvedEntities {
            text += "|\(entity.name):\(entity.table.sql):"
            text += entity.attributes.map { "\($0.column.sql)\($0.isIndexed ? "+i" : "")" }
                .joined(separator: ",")
            for index in entity.fetchIndexes {
                text +=
                    ";\(index.name)="
                    + index.columns.map { "\($0.column.sql)\($0.ascending)" }
                    .joined(separator: ",")
            }
            for columns in entity.uniquenessConstraints {
                text += ";unique=" + columns.map(\.sql).joined(separator: ",")
            }
        }
        return SHA256.digest(Array(text.utf8)).map { String($0, radix: 16) }.joined()
    }

    /// `model-<Name>-<first 8 letters and digits of the digest>`: the model file's
    /// name, made safe for a directory name, and its store digest.
    private static func schemaName(path: String, digest: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.lastPathComponent == "contents" ? url.deletingLastPathComponent() : url
        let base = folder.deletingPathExtension().lastPathComponent
        let safe = String(
            base.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "_"
            })
        let version = String(digest.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(8))
        return "model-\(safe)-\(version)"
    }
}
