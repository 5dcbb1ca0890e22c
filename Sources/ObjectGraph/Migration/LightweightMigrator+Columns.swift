import SQLiteDB

/// One in-place change of a hierarchy table.
enum TableStep {
    /// Delete the rows of removed sub-entities.
    case deleteRows([Int])
    /// Drop a column no longer used; `deferrable` unless a new column takes its name.
    case dropColumn(SQLName, deferrable: Bool)
    /// Rename a column (an attribute or relationship renamed).
    case rename(SQLName, to: SQLName)
    /// Add a column, set to `value` in the rows of `entities` when not NULL.
    case add(SQLName, type: String, value: SQLiteValue, entities: [Int])
    /// Replace NULL by `value` in the rows of `entities` (optional made required).
    case fill(SQLName, value: SQLiteValue, entities: [Int])
}

extension LightweightMigrator {
    /// What each column of `map`'s destination entity is filled with, from its source
    /// entity's row `s`: attributes, foreign keys and their entity numbers, and the order
    /// columns of ordered one-to-many relationships into it.
    func columnValues(for map: EntityMap) -> [(column: SQLName, value: ColumnValue)] {
        let entity = map.destination
        var result: [(column: SQLName, value: ColumnValue)] = []
        for (index, attribute) in entity.attributes.enumerated() {
            switch map.attributes[index] {
            case .new(let value): result.append((attribute.column, .value(value)))
            case .copy(let old, let fill):
                result.append(
                    (
                        attribute.column,
                        fill == .null ? .column(old.column, offset: 0) : .coalesce(old.column, fill)
                    ))
            }
        }
        for (index, relationship) in entity.relationships.enumerated() {
            guard case .foreignKey(let key) = relationship.storage else { continue }
            guard let old = map.relationships[index], case .foreignKey(let oldKey) = old.storage
            else {
                result.append((key.column, .value(.null)))
                if let entityColumn = key.entityColumn {
                    result.append((entityColumn, .value(.null)))
                }
                continue
            }
            let oldDestination = mapping.source.entity(id: old.destinationID)
            result.append(
                (
                    key.column,
                    .column(oldKey.column, offset: offset(ofSourceRoot: oldDestination.rootID))
                ))
            guard let entityColumn = key.entityColumn else { continue }
            let pairs = oldDestination.descendantIDs.compactMap { id in
                mapping.destination(ofSource: id).map { EntityNumberPair(old: id, new: $0.id) }
            }
            if let oldColumn = oldKey.entityColumn {
                let same = pairs.allSatisfy { $0.old == $0.new }
                result.append(
                    (
                        entityColumn,
                        same ? .column(oldColumn, offset: 0) : .entityMap(oldColumn, pairs)
                    ))
            } else {
                result.append(
                    (entityColumn, .value(pairs.first.map { .integer(Int64($0.new)) } ?? .null)))
            }
        }
        appendOrderColumns(into: &result, of: entity)
        return result
    }

    /// The order column of each ordered one-to-many relationship whose destination is
    /// `entity`: kept, or numbered in key order when the relationship became ordered.
    private func appendOrderColumns(
        into result: inout [(column: SQLName, value: ColumnValue)], of entity: Entity
    ) {
        for owner in mapping.destination.resolvedEntities {
            for (index, relationship) in owner.relationships.enumerated() {
                guard case .inverseForeignKey(let key, let order?) = relationship.storage,
                    mapping.destination.entity(id: relationship.destinationID).includes(entity),
                    !result.contains(where: { $0.column == order })
                else { continue }
                let old = mapping.map(ofDestination: owner.id).relationships[index]
                if let old, case .inverseForeignKey(_, let oldOrder?) = old.storage {
                    result.append((order, .column(oldOrder, offset: 0)))
                } else if let keyValue = result.first(where: { $0.column == key })?.value,
                    case .column(let source, _) = keyValue
                {
                    result.append((order, .rowNumber(partition: source)))
                } else {
                    result.append((order, .value(.null)))
                }
            }
        }
    }

    /// The in-place changes that bring `root`'s table to the new schema, or nil when it
    /// must be copied: another source table feeds it, entity numbers or keys change, or
    /// a column changes type or takes computed values.
    mutating func alterSteps(for root: Entity) throws -> [TableStep]? {
        let members = root.descendantIDs.map(mapping.destination.entity(id:))
        let maps = members.map { mapping.map(ofDestination: $0.id) }
        let sourceRootIDs = Set(maps.compactMap { $0.source?.rootID })
        guard sourceRootIDs.count == 1, let sourceRootID = sourceRootIDs.first,
            mapping.source.entity(id: sourceRootID).table == root.table,
            offset(ofSourceRoot: sourceRootID) == 0,
            maps.allSatisfy({ ($0.source?.id ?? $0.destination.id) == $0.destination.id })
        else { return nil }
        var removed: [Int] = []
        for id in mapping.source.entity(id: sourceRootID).descendantIDs {
            guard let target = mapping.destination(ofSource: id) else {
                removed.append(id)
                continue
            }
            guard target.id == id, root.includes(target) else { return nil }
        }
        var values: [SQLName: (value: ColumnValue, entities: [Int])] = [:]
        for map in maps where map.source != nil {
            for (column, value) in columnValues(for: map) {
                if let known = values[column], known.value != value { return nil }
                values[column, default: (value, [])].entities.append(map.destination.id)
            }
        }
        let existing = try store.columns(of: root.tableName)
        var used: Set<String> = []
        var steps: [TableStep] = []
        var targets: Set<String> = []
        for (column, type) in schema.columnTypes(of: root) {
            let (value, entities) = values[column] ?? (.value(.null), [])
            switch value {
            case .column(let source, offset: 0), .coalesce(let source, _):
                guard existing[source.sql] == type, used.insert(source.sql).inserted else {
                    return nil
                }
                if source != column {
                    steps.append(.rename(source, to: column))
                    targets.insert(column.sql)
                }
                if case .coalesce(_, let fill) = value {
                    steps.append(.fill(column, value: fill, entities: entities))
                }
            case .value(let constant):
                steps.append(.add(column, type: type, value: constant, entities: entities))
                targets.insert(column.sql)
            default: return nil
            }
        }
        guard targets.isDisjoint(with: used) else { return nil }
        let dead = Set(existing.keys).subtracting(used).subtracting(["Z_PK", "Z_ENT", "Z_OPT"])
        let drops = dead.sorted().map {
            TableStep.dropColumn(SQLName($0), deferrable: !targets.contains($0))
        }
        return (removed.isEmpty ? [] : [.deleteRows(removed)]) + drops + steps
    }

    /// Applies `steps` to `root`'s table.
    mutating func alter(_ root: Entity, _ steps: [TableStep]) throws {
        let table = root.table
        var details: [String] = []
        for step in steps {
            switch step {
            case .deleteRows(let ids):
                try execute(MigrationSQL.deleteRows(of: table, entities: ids))
                details.append("DELETE rows of removed entities")
            case .dropColumn(let column, let deferrable):
                if defersCleanup && deferrable {
                    report.deferred.append(.dropColumn(table: table.sql, column: column.sql))
                    details.append("DROP COLUMN \(column.sql) deferred")
                } else {
                    try execute(MigrationSQL.dropColumn(column, of: table))
                    details.append("DROP COLUMN \(column.sql)")
                }
            case .rename(let old, let new):
                try execute(MigrationSQL.renameColumn(old, to: new, of: table))
                details.append("RENAME COLUMN \(old.sql) TO \(new.sql)")
            case .add(let column, let type, let value, let entities):
                try execute(MigrationSQL.addColumn(column, type: type, to: table))
                details.append("ADD COLUMN \(column.sql)")
                if value != .null {
                    try execute(
                        MigrationSQL.setColumn(column, of: table, to: value, entities: entities))
                    details.append("UPDATE \(column.sql) to its default")
                }
            case .fill(let column, let value, let entities):
                try execute(
                    MigrationSQL.fillNulls(column, of: table, with: value, entities: entities))
                details.append("UPDATE \(column.sql) NULLs to its default")
            }
        }
        report.tables.append(
            .init(
                table: root.tableName, strategy: details.isEmpty ? .kept : .altered,
                details: details))
    }
}
