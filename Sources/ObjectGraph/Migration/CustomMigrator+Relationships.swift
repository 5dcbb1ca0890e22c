import SQLiteDB

extension CustomMigrator {
    /// Sets the relationships of one mapping's destination objects from the keys the
    /// object pass recorded.
    func setRelationships(_ entityMapping: EntityMapping, number: Int) throws {
        let (source, destination) = try entities(of: entityMapping)
        for relationship in destination.relationships {
            guard let rule = try rule(for: relationship, of: entityMapping, source: source)
            else { continue }
            if case .relatedObjects(let name) = rule {
                try setRelatedObjects(
                    relationship, of: destination, from: name, number: number, source: source,
                    entityMapping: entityMapping)
                continue
            }
            let (other, otherMapping) = try target(of: rule, from: entityMapping)
            switch relationship.storage {
            case .foreignKey(let key):
                try setForeignKey(
                    key, of: destination, rule: rule, number: number, other: other,
                    otherMapping: otherMapping, source: source, entityMapping: entityMapping)
            case .joinTable(let join):
                guard case .objects(let name, _) = rule else {
                    throw failure(
                        entityMapping,
                        "\(relationship.name) is to-many; map it with .objects(ofSourceRelationship:madeBy:)"
                    )
                }
                let pairs = try sourcePairs(of: name, in: source, entityMapping: entityMapping)
                try execute(
                    "INSERT OR IGNORE INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) "
                        + "SELECT k1.destination, k2.destination FROM (\(pairs)) p "
                        + "JOIN temp._MIGRATION_KEYS k1 ON k1.mapping = \(Int64(number)) AND k1.source = p.o "
                        + "JOIN temp._MIGRATION_KEYS k2 ON k2.mapping = \(Int64(other)) AND k2.source = p.t"
                )
            case .inverseForeignKey:
                guard entityMapping.relationships[relationship.name] == nil else {
                    throw failure(
                        entityMapping,
                        "\(relationship.name) is the to-many side of a one-to-many; map its to-one "
                            + "inverse instead")
                }
            }
        }
    }

    /// The mapping's rule for `relationship`, or the inferred one: the source to-one of
    /// the same name, when exactly one mapping makes objects from its destination.
    private func rule(
        for relationship: ResolvedRelationship, of entityMapping: EntityMapping, source: Entity
    ) throws -> RelationshipMapping? {
        if let rule = entityMapping.relationships[relationship.name] { return rule }
        guard !relationship.isToMany, let old = source.relationship(named: relationship.name),
            !old.isToMany
        else { return nil }
        let oldDestination = mapping.source.entity(id: old.destinationID)
        let newDestination = mapping.destination.entity(id: relationship.destinationID)
        let candidates = mapping.entityMappings.filter {
            guard let from = mapping.source.entity(named: $0.sourceEntity),
                let to = mapping.destination.entity(named: $0.destinationEntity)
            else { return false }
            return oldDestination.includes(from) && newDestination.includes(to)
        }
        guard candidates.count == 1 else { return nil }
        return .objects(ofSourceRelationship: relationship.name, madeBy: candidates[0].name)
    }

    /// The number and mapping a rule's objects come from.
    private func target(of rule: RelationshipMapping, from entityMapping: EntityMapping) throws
        -> (Int, EntityMapping)
    {
        let name: String
        switch rule {
        case .objects(_, let madeBy), .sameSource(let madeBy): name = madeBy
        case .relatedObjects:
            preconditionFailure("relatedObjects is set by setRelatedObjects")
        }
        guard let index = mapping.entityMappings.firstIndex(where: { $0.name == name }) else {
            throw failure(entityMapping, "no entity mapping is named \(name)")
        }
        return (index, mapping.entityMappings[index])
    }

    private func setForeignKey(
        _ key: ResolvedRelationship.ForeignKey, of destination: Entity, rule: RelationshipMapping,
        number: Int, other: Int, otherMapping: EntityMapping, source: Entity,
        entityMapping: EntityMapping
    ) throws {
        let table = destination.table
        let mine: SQL =
            "SELECT destination FROM temp._MIGRATION_KEYS WHERE mapping = \(Int64(number))"
        let value: SQL
        switch rule {
        case .sameSource:
            value =
                "SELECT k2.destination FROM temp._MIGRATION_KEYS k1 JOIN temp._MIGRATION_KEYS k2 "
                + "ON k2.mapping = \(Int64(other)) AND k2.source = k1.source "
                + "WHERE k1.mapping = \(Int64(number)) AND k1.destination = \(table).Z_PK"
        case .objects(let name, _):
            guard let old = source.relationship(named: name),
                case .foreignKey(let oldKey) = old.storage
            else {
                throw failure(
                    entityMapping, "source entity \(source.name) has no to-one relationship \(name)"
                )
            }
            let oldTable = SQLName("Z_MIG_" + mapping.source.entity(id: source.rootID).tableName)
            value =
                "SELECT k2.destination FROM temp._MIGRATION_KEYS k1 JOIN \(oldTable) s "
                + "ON s.Z_PK = k1.source JOIN temp._MIGRATION_KEYS k2 ON k2.mapping = "
                + "\(Int64(other)) AND k2.source = s.\(oldKey.column) "
                + "WHERE k1.mapping = \(Int64(number)) AND k1.destination = \(table).Z_PK"
        case .relatedObjects:
            return  // set by setRelatedObjects
        }
        try execute(
            "UPDATE \(table) SET \(key.column) = (\(value)) WHERE Z_PK IN (\(mine))")
        if let entityColumn = key.entityColumn,
            let made = mapping.destination.entity(named: otherMapping.destinationEntity)
        {
            try execute(
                "UPDATE \(table) SET \(entityColumn) = \(Int64(made.id)) WHERE \(key.column) "
                    + "IS NOT NULL AND Z_PK IN (\(mine))")
        }
    }

    /// A `SELECT o, t` of the (source owner key, source target key) pairs a source
    /// relationship relates.
    func sourcePairs(of name: String, in source: Entity, entityMapping: EntityMapping)
        throws -> SQL
    {
        guard let old = source.relationship(named: name) else {
            throw failure(entityMapping, "source entity \(source.name) has no relationship \(name)")
        }
        let ownTable = SQLName("Z_MIG_" + mapping.source.entity(id: source.rootID).tableName)
        switch old.storage {
        case .joinTable(let join):
            return "SELECT \(join.sourceColumn) AS o, \(join.destinationColumn) AS t FROM "
                + "\(SQLName("Z_MIG_" + join.name.sql))"
        case .foreignKey(let key):
            return
                "SELECT Z_PK AS o, \(key.column) AS t FROM \(ownTable) WHERE \(key.column) IS NOT NULL"
        case .inverseForeignKey(let column, _):
            let target = mapping.source.entity(id: old.destinationID)
            let table = SQLName("Z_MIG_" + mapping.source.entity(id: target.rootID).tableName)
            return "SELECT \(column) AS o, Z_PK AS t FROM \(table) WHERE \(column) IS NOT NULL"
        }
    }
}
