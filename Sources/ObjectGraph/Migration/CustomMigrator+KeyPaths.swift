import SQLiteDB

extension CustomMigrator {
    /// Sets the attributes of mapping `number`'s objects that
    /// ``AttributeMapping/sourceKeyPath(_:)`` reads through the source object's to-ones.
    ///
    /// Cost: one `UPDATE` per such attribute (``KeyPathValueSQL``).
    func setKeyPathValues(_ entityMapping: EntityMapping, number: Int) throws {
        let (source, destination) = try entities(of: entityMapping)
        for attribute in destination.attributes {
            guard case .sourceKeyPath(let path)? = entityMapping.attributes[attribute.name]
            else { continue }
            let (steps, valueColumn) = try walk(path, from: source, entityMapping: entityMapping)
            try execute(
                KeyPathValueSQL.update(
                    table: destination.table, column: attribute.column, mapping: number,
                    sourceTable: oldTable(of: source), steps: steps, valueColumn: valueColumn))
        }
    }

    /// The to-one steps of `path` from `source` and the column of its last attribute.
    func walk(_ path: String, from source: Entity, entityMapping: EntityMapping) throws
        -> ([KeyPathValueSQL.Step], SQLName)
    {
        let names = path.split(separator: ".").map(String.init)
        var entity = source
        var steps: [KeyPathValueSQL.Step] = []
        for name in names.dropLast() {
            guard let relationship = entity.relationship(named: name),
                case .foreignKey(let key) = relationship.storage
            else {
                throw failure(
                    entityMapping,
                    "\(path): \(name) is not a to-one relationship of \(entity.name)")
            }
            entity = mapping.source.entity(id: relationship.destinationID)
            steps.append(KeyPathValueSQL.Step(table: oldTable(of: entity), keyColumn: key.column))
        }
        guard let last = names.last, let attribute = entity.attribute(named: last) else {
            throw failure(
                entityMapping, "\(path): \(entity.name) has no attribute \(names.last ?? "")")
        }
        return (steps, attribute.column)
    }

    /// The renamed old table (`Z_MIG_…`) holding `entity`'s rows.
    func oldTable(of entity: Entity) -> SQLName {
        SQLName("Z_MIG_" + mapping.source.entity(id: entity.rootID).tableName)
    }
}
