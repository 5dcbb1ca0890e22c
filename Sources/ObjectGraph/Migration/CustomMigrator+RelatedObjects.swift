import SQLiteDB

extension CustomMigrator {
    /// Sets `relationship` of the objects mapping `number` made to the objects made,
    /// by whichever mappings made them, from the objects the source relationship
    /// `name` relates (``RelationshipMapping/relatedObjects(ofSourceRelationship:)``).
    ///
    /// Cost: one `INSERT … SELECT` of the new pairs into a temporary table, one
    /// `UPDATE` (two for a to-one whose destination has sub-entities) or one
    /// `INSERT … SELECT` into the join table.
    func setRelatedObjects(
        _ relationship: ResolvedRelationship, of destination: Entity, from name: String,
        number: Int, source: Entity, entityMapping: EntityMapping
    ) throws {
        guard let old = source.relationship(named: name) else {
            throw failure(entityMapping, "source entity \(source.name) has no relationship \(name)")
        }
        if case .inverseForeignKey = relationship.storage {
            throw failure(
                entityMapping,
                "\(relationship.name) is the to-many side of a one-to-many; map its to-one "
                    + "inverse instead")
        }
        let targets = targetMappings(
            from: mapping.source.entity(id: old.destinationID),
            to: mapping.destination.entity(id: relationship.destinationID))
        guard !targets.isEmpty else { return }
        let pairs = try sourcePairs(of: name, in: source, entityMapping: entityMapping)
        try execute(RelatedObjectsSQL.dropPairs)
        try execute(RelatedObjectsSQL.createPairs)
        try execute(RelatedObjectsSQL.fillPairs(from: pairs, owner: number, targets: targets))
        switch relationship.storage {
        case .foreignKey(let key):
            let table = destination.table
            try execute(RelatedObjectsSQL.setForeignKey(table: table, column: key.column))
            if let entityColumn = key.entityColumn {
                let target = mapping.destination.entity(id: relationship.destinationID)
                try execute(
                    RelatedObjectsSQL.setEntityColumn(
                        table: table, column: entityColumn, keyColumn: key.column,
                        targetTable: mapping.destination.entity(id: target.rootID).table))
            }
        case .joinTable(let join):
            try execute(
                RelatedObjectsSQL.fillJoinTable(
                    join.name, sourceColumn: join.sourceColumn,
                    destinationColumn: join.destinationColumn))
        case .inverseForeignKey:
            break
        }
        try execute(RelatedObjectsSQL.dropPairs)
    }

    /// The numbers of the mappings from `oldDestination` (or a sub-entity) to
    /// `newDestination` (or a sub-entity).
    private func targetMappings(from oldDestination: Entity, to newDestination: Entity) -> [Int] {
        mapping.entityMappings.indices.filter { index in
            let each = mapping.entityMappings[index]
            guard let from = mapping.source.entity(named: each.sourceEntity),
                let to = mapping.destination.entity(named: each.destinationEntity)
            else { return false }
            return oldDestination.includes(from) && newDestination.includes(to)
        }
    }
}
