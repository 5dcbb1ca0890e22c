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
                    CustomMigrationSQL.relate(join, pairs: pairs, number: number, other: other))
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
            // setRelationships hands these rules to setRelatedObjects before asking here.
            throw failure(entityMapping, "a related-objects rule names no single entity mapping")
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
        let mine = CustomMigrationSQL.keysMade(by: number)
        let value: SQL
        switch rule {
        case .sameSource:
            value = CustomMigrationSQL.sameSourceTarget(in: table, number: number, other: other)
        case .objects(let name, _):
            guard let old = source.relationship(named: name),
                case .foreignKey(let oldKey) = old.storage
            else {
                throw failure(
                    entityMapping, "source entity \(source.name) has no to-one relationship \(name)"
                )
            }
            let oldTable = SQLName("Z_MIG_" + mapping.source.entity(id: source.rootID).tableName)
            value = CustomMigrationSQL.relatedTarget(
                in: table, oldTable: oldTable, oldColumn: oldKey.column, number: number,
                other: other)
        case .relatedObjects:
            return  // set by setRelatedObjects
        }
        try execute(CustomMigrationSQL.setForeignKey(key.column, of: table, to: value, rows: mine))
        if let entityColumn = key.entityColumn,
            let made = mapping.destination.entity(named: otherMapping.destinationEntity)
        {
            try execute(
                CustomMigrationSQL.setEntityColumn(
                    entityColumn, of: table, to: made.id, key: key.column, rows: mine))
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
            return CustomMigrationSQL.pairs(
                in: SQLName("Z_MIG_" + join.name.sql), source: join.sourceColumn,
                destination: join.destinationColumn)
        case .foreignKey(let key):
            return CustomMigrationSQL.pairs(ownedBy: ownTable, through: key.column)
        case .inverseForeignKey(let column, _):
            let target = mapping.source.entity(id: old.destinationID)
            let table = SQLName("Z_MIG_" + mapping.source.entity(id: target.rootID).tableName)
            return CustomMigrationSQL.pairs(targetedIn: table, through: column)
        }
    }
}
