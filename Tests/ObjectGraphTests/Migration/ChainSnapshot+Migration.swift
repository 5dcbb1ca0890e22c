import ObjectGraph

extension ChainSnapshot {
    /// How this snapshot (read after migrating to `destination`) differs from what
    /// lightweight migration must leave of `before` (read with `source`): one line per
    /// difference, empty when there is none.
    ///
    /// Entities and properties match as in Core Data's inferred mapping: by canonical
    /// name, the renaming identifier if there is one, else the name, on both sides (a
    /// property renamed in one version keeps its renaming identifier in the next ones).
    /// Per destination entity: as many objects as its source entity had, none for a new
    /// entity; each keeps its primary key; an attribute found in the source with the
    /// same type keeps its value (a NULL made required takes the default); a
    /// new attribute holds its default value (or nil); a relationship found in the
    /// source holds the same objects (a to-one made to-many holds its one), a new one
    /// whose inverse is found holds what that inverse related, any other new one holds
    /// none. Attributes whose type changed are not compared.
    func differences(
        migratedFrom before: ChainSnapshot, source: ManagedObjectModel,
        destination: ManagedObjectModel
    ) -> [String] {
        let check = MigrationCheck(
            before: before, after: self, source: ModelShape(source),
            destination: ModelShape(destination))
        return check.destination.concreteEntities.flatMap { check.differences(of: $0) }
    }
}

/// The comparison behind ``ChainSnapshot/differences(migratedFrom:source:destination:)``.
private struct MigrationCheck {
    let before: ChainSnapshot
    let after: ChainSnapshot
    let source: ModelShape
    let destination: ModelShape

    /// The source entity `entity` takes the objects of (it may not exist).
    func sourceName(of entity: EntityDescription) -> String {
        let canonical = entity.renamingIdentifier ?? entity.name
        return source.concreteEntities.first { ($0.renamingIdentifier ?? $0.name) == canonical }?
            .name ?? canonical
    }

    /// The destination entity that takes the objects of source entity `name`.
    func destinationName(ofSource name: String) -> String {
        destination.concreteEntities.first { sourceName(of: $0) == name }?.name ?? name
    }

    func differences(of entity: EntityDescription) -> [String] {
        let origin = sourceName(of: entity)
        let hasSource = source.concreteEntities.contains { $0.name == origin }
        let expected = hasSource ? before.counts[origin] ?? 0 : 0
        let count = after.counts[entity.name] ?? 0
        guard count == expected else {
            return ["\(entity.name): \(count) objects, expected \(expected) (from \(origin))"]
        }
        guard hasSource else { return [] }
        let keys = before.attributes.keys.filter { $0.entity == origin }.sorted()
        return keys.flatMap { key in
            let migrated = RowKey(entity: entity.name, primaryKey: key.primaryKey)
            guard after.attributes[migrated] != nil else {
                return ["\(key) is not \(migrated) after migration"]
            }
            return attributeDifferences(key, migrated, origin)
                + relationshipDifferences(key, migrated, origin)
        }
    }

    /// The source property with canonical name `canonical`; of two (a property renamed
    /// from a name another property took since, as in LoopKit's model), the one called
    /// `name`.
    fileprivate static func match<Property>(
        _ name: String, _ canonical: String, in properties: [Property]
    ) -> Property? where Property: RenamableProperty {
        let candidates = properties.filter { ($0.renamingIdentifier ?? $0.name) == canonical }
        return candidates.first { $0.name == name } ?? candidates.first
    }

    private func attributeDifferences(_ key: RowKey, _ migrated: RowKey, _ origin: String)
        -> [String]
    {
        let old = source.attributes(of: origin)
        return destination.attributes(of: migrated.entity).compactMap { attribute in
            guard !attribute.isTransient, attribute.valueKind == .plain else { return nil }
            let canonical = attribute.renamingIdentifier ?? attribute.name
            let defaultValue = ChainSnapshot.render(attribute.defaultValue, as: attribute.type)
            var expected = defaultValue
            if let previous = Self.match(attribute.name, canonical, in: old) {
                guard previous.type == attribute.type else { return nil }
                expected = before.attributes[key]?[previous.name] ?? "nil"
                if expected == "nil", !attribute.isOptional { expected = defaultValue }
            }
            let actual = after.attributes[migrated]?[attribute.name] ?? "nil"
            guard actual != expected else { return nil }
            return "\(migrated).\(attribute.name) is \(actual), expected \(expected)"
        }
    }

    private func relationshipDifferences(_ key: RowKey, _ migrated: RowKey, _ origin: String)
        -> [String]
    {
        let old = source.relationships(of: origin)
        return destination.relationships(of: migrated.entity).compactMap { relationship in
            guard !relationship.isTransient else { return nil }
            let canonical = relationship.renamingIdentifier ?? relationship.name
            var expected: Set<RowKey> = []
            if let previous = Self.match(relationship.name, canonical, in: old) {
                expected = Set(
                    (before.relationships[key]?[previous.name] ?? []).map {
                        RowKey(
                            entity: destinationName(ofSource: $0.entity), primaryKey: $0.primaryKey)
                    })
            } else if let inverse = relationship.inverse {
                expected = keptThroughInverse(inverse, of: relationship.destination, holding: key)
            }
            let actual = after.relationships[migrated]?[relationship.name] ?? []
            guard actual != expected else { return nil }
            return "\(migrated).\(relationship.name) holds \(actual.sorted()), expected "
                + "\(expected.sorted())"
        }
    }
}

extension MigrationCheck {
    /// The objects a new relationship holds because its inverse (`inverse`, on
    /// `entity`) is matched in the source: Core Data's inferred mapping keeps the
    /// inverse's objects, so this side holds each source object whose inverse held `key`.
    fileprivate func keptThroughInverse(_ inverse: String, of entity: String, holding key: RowKey)
        -> Set<RowKey>
    {
        guard
            let declared = destination.relationships(of: entity).first(where: { $0.name == inverse }
            )
        else { return [] }
        let canonical = declared.renamingIdentifier ?? declared.name
        var held: Set<RowKey> = []
        for (row, relationships) in before.relationships {
            guard sourceEntityFeeds(row.entity, into: entity),
                let previous = Self.match(
                    inverse, canonical, in: source.relationships(of: row.entity)),
                relationships[previous.name]?.contains(key) == true
            else { continue }
            held.insert(
                RowKey(entity: destinationName(ofSource: row.entity), primaryKey: row.primaryKey))
        }
        return held
    }

    /// Whether source entity `name`'s objects become objects of `entity` (or one of its
    /// sub-entities).
    private func sourceEntityFeeds(_ name: String, into entity: String) -> Bool {
        let target = destinationName(ofSource: name)
        var current: String? = target
        while let each = current {
            if each == entity { return true }
            current = destination.concreteEntities.first { $0.name == each }?.parent
        }
        return false
    }
}

/// What ``MigrationCheck`` matches source and destination properties by.
private protocol RenamableProperty {
    var name: String { get }
    var renamingIdentifier: String? { get }
}

extension AttributeDescription: RenamableProperty {}
extension RelationshipDescription: RenamableProperty {}
