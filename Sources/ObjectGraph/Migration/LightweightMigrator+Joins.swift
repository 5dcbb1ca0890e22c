import SQLiteDB

/// A many-to-many relationship's join table in the new schema, with the relationship
/// (on `owner`, the entity that declares its primary side) that owns it.
struct DestinationJoin {
    let owner: Entity
    let index: Int
    let join: ResolvedRelationship.JoinTable
}

extension LightweightMigrator {
    /// Every join table of the new schema, once each.
    func destinationJoins() -> [DestinationJoin] {
        var seen: Set<String> = []
        var result: [DestinationJoin] = []
        for entity in mapping.destination.resolvedEntities {
            for (index, relationship) in entity.relationships.enumerated() {
                guard case .joinTable(let join) = relationship.storage, join.isPrimarySide,
                    seen.insert(join.name.sql).inserted
                else { continue }
                result.append(DestinationJoin(owner: entity, index: index, join: join))
            }
        }
        return result
    }

    /// Whether the old join table serves as it is: same relationship, same table and
    /// columns, keys not shifted.
    func isKept(_ destination: DestinationJoin) -> Bool {
        guard
            let old = mapping.map(ofDestination: destination.owner.id).relationships[
                destination.index],
            case .joinTable(let join) = old.storage
        else { return false }
        let new = destination.join
        return offsets.allSatisfy { $0.value == 0 } && join.name == new.name
            && join.sourceColumn == new.sourceColumn
            && join.destinationColumn == new.destinationColumn
            && join.orderColumn == new.orderColumn
            && join.inverseOrderColumn == new.inverseOrderColumn
            && store.tables.contains(join.name.sql)
    }

    /// Creates a join table and fills it with the pairs the old store relates.
    mutating func rebuild(_ destination: DestinationJoin) throws {
        let join = destination.join
        guard let create = schema.joinTableStatements.first(where: { $0.name == join.name }) else {
            return
        }
        try execute(create.sql)
        guard let select = pairs(for: destination) else {
            report.tables.append(.init(table: join.name.sql, strategy: .created, details: []))
            return
        }
        var columns: [SQL] = ["\(join.sourceColumn)", "\(join.destinationColumn)"]
        if let order = join.inverseOrderColumn { columns.append("\(order)") }
        if let order = join.orderColumn { columns.append("\(order)") }
        try execute(MigrationSQL.fillJoin(join.name, columns: columns, from: select))
        report.tables.append(.init(table: join.name.sql, strategy: .copied, details: []))
    }

    /// The `SELECT` of (owner key, destination key, orders…) pairs the old store relates
    /// through the relationship the join table takes the data of; nil for a new one.
    private func pairs(for destination: DestinationJoin) -> SQL? {
        let map = mapping.map(ofDestination: destination.owner.id)
        guard let source = map.source, let old = map.relationships[destination.index] else {
            return nil
        }
        let oldDestination = mapping.source.entity(id: old.destinationID)
        let ownerOffset = offset(ofSourceRoot: source.rootID)
        let destinationOffset = offset(ofSourceRoot: oldDestination.rootID)
        let owner: ColumnValue
        let target: ColumnValue
        let table: SQLName
        var filter: SQL = ""
        var oldOrder: SQLName?
        var oldInverseOrder: SQLName?
        switch old.storage {
        case .joinTable(let join):
            owner = .column(join.sourceColumn, offset: ownerOffset)
            target = .column(join.destinationColumn, offset: destinationOffset)
            table = current(join.name)
            (oldOrder, oldInverseOrder) = (join.orderColumn, join.inverseOrderColumn)
        case .foreignKey(let key):
            owner = .column("Z_PK", offset: ownerOffset)
            target = .column(key.column, offset: destinationOffset)
            table = current(mapping.source.entity(id: source.rootID).table)
            filter = MigrationSQL.rows(of: source.descendantIDs, where: key.column)
        case .inverseForeignKey(let column, let order):
            owner = .column(column, offset: ownerOffset)
            target = .column("Z_PK", offset: destinationOffset)
            table = current(mapping.source.entity(id: oldDestination.rootID).table)
            filter = MigrationSQL.rows(of: oldDestination.descendantIDs, where: column)
            oldOrder = order
        }
        var expressions = [owner.expression, target.expression]
        if destination.join.inverseOrderColumn != nil {
            expressions.append(
                oldInverseOrder.map(MigrationSQL.sourceColumn)
                    ?? MigrationSQL.position(within: target.expression, by: owner.expression))
        }
        if destination.join.orderColumn != nil {
            expressions.append(
                oldOrder.map(MigrationSQL.sourceColumn)
                    ?? MigrationSQL.position(within: owner.expression, by: target.expression))
        }
        return MigrationSQL.joinPairs(expressions, from: table, filter: filter)
    }
}
