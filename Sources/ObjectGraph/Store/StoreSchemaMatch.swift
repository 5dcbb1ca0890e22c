import SQLiteDB

/// Matches a store written by Core Data to a model by its tables, the fallback when
/// version hashes cannot decide: Apple's entity hash layout is not public, so a Core
/// Data store's hashes never equal this engine's.
///
/// A store matches when `Z_PRIMARYKEY` numbers every entity as the model does (under
/// its name, or under its renaming identifier after Core Data renamed it), has no
/// entity the model lacks (Core Data's history entities `CHANGE`, `TRANSACTION`,
/// `TRANSACTIONSTRING`, numbered from 16001, are not entities), every entity table has
/// every column the model stores there, and every many-to-many join table has its key
/// columns and, when ordered, its `Z_FOK_` columns. Extra columns (Core Data's
/// derived-attribute bookkeeping) are allowed. Where Core Data's join names cannot be
/// derived from the model (``StoreNaming``), the store's own are adopted: the other
/// side's table name of a self many-to-many, a join column with or without a numeric
/// suffix; ``Match/model`` then reads and writes them.
///
/// Cost: one query on `Z_PRIMARYKEY` and one `pragma_table_info` per table.
enum StoreSchemaMatch {
    /// What matching found.
    struct Match {
        /// Every difference, entity tables first, in model order; empty when the store
        /// fits the model.
        var differences: [SchemaDifference]
        /// The model bound to the store's join names (the model itself when they are
        /// the ones it derives).
        var model: ManagedObjectModel
        /// Entities found in `Z_PRIMARYKEY` under their renaming identifier rather than
        /// their name: a store Core Data renamed them in, or one of the version before
        /// the rename (the coordinator tells them apart with the source models).
        var renamedEntities: [String] = []

        /// The entities that differ, sorted by name.
        var differingEntities: [String] {
            Set(differences.compactMap(\.entity)).sorted()
        }
    }

    /// Entities that do not match, sorted by name; empty when the store fits the model.
    ///
    /// - Throws: ``SQLiteError`` when the store cannot be queried.
    static func differingEntities(in connection: Connection, model: ManagedObjectModel)
        throws -> [String]
    {
        try match(connection, model: model).differingEntities
    }

    /// Compares the store on `connection` with `model`, table by table and column by
    /// column.
    ///
    /// - Throws: ``SQLiteError`` when the store cannot be queried.
    static func match(_ connection: Connection, model: ManagedObjectModel) throws -> Match {
        var reader = TableColumns(connection: connection)
        var (differences, renamed) = try numberingDifferences(connection, model: model)
        for entity in model.resolvedEntities {
            let present = try reader.columns(of: entity.tableName)
            guard !present.isEmpty else {
                differences.append(
                    SchemaDifference(
                        entity: entity.name, table: entity.tableName, column: nil,
                        problem: "the table is missing"))
                continue
            }
            for column in ["Z_PK", "Z_ENT", "Z_OPT"] + entity.columns.map(\.sql)
            where !present.contains(column) {
                differences.append(
                    SchemaDifference(
                        entity: entity.name, table: entity.tableName, column: column,
                        problem: "the column is missing"))
            }
        }
        var bindings: [JoinBinding] = []
        for entity in model.resolvedEntities {
            for relationship in entity.relationships {
                guard case .joinTable(let join) = relationship.storage, join.isPrimarySide
                else { continue }
                let (binding, found) = try bind(
                    join, of: relationship, in: entity, model: model, reader: &reader)
                differences += found
                if let binding { bindings.append(binding) }
            }
        }
        return Match(
            differences: differences, model: model.binding(joins: bindings),
            renamedEntities: renamed)
    }

    /// Compares `Z_PRIMARYKEY` with the model's entity numbers.
    private static func numberingDifferences(_ connection: Connection, model: ManagedObjectModel)
        throws -> (differences: [SchemaDifference], renamed: [String])
    {
        let rows = try connection.fetchAll(CatalogSQL.entityNumbers) {
            (Int($0.int64(at: 0)), $0.string(at: 1))
        }
        var stored: [String: Int] = [:]
        for (number, name) in rows {
            if number >= StoreNaming.firstHistoryEntity,
                StoreNaming.historyEntityNames.contains(name)
            {
                continue
            }
            stored[name] = stored[name] ?? number
        }
        var differences: [SchemaDifference] = []
        var matched = Set<String>()
        var renamedEntities: [String] = []
        for entity in model.resolvedEntities {
            let renamed = model.entities.first { $0.name == entity.name }?.renamingIdentifier
            let storedName =
                stored[entity.name] != nil
                ? entity.name : renamed.flatMap { stored[$0] != nil ? $0 : nil }
            guard let storedName, let number = stored[storedName] else {
                differences.append(
                    SchemaDifference(
                        entity: entity.name, table: "Z_PRIMARYKEY", column: nil,
                        problem: "no row names the entity"))
                continue
            }
            matched.insert(storedName)
            if storedName != entity.name { renamedEntities.append(entity.name) }
            if number != entity.id {
                differences.append(
                    SchemaDifference(
                        entity: entity.name, table: "Z_PRIMARYKEY", column: nil,
                        problem: "the store numbers it \(number), the model \(entity.id)"))
            }
        }
        for name in stored.keys.sorted() where !matched.contains(name) {
            differences.append(
                SchemaDifference(
                    entity: name, table: "Z_PRIMARYKEY", column: nil,
                    problem: "the store has an entity the model does not"))
        }
        return (differences, renamedEntities)
    }

    /// Finds `join`'s table and columns in the store, trying Core Data's alternatives.
    private static func bind(
        _ join: ResolvedRelationship.JoinTable, of relationship: ResolvedRelationship,
        in entity: Entity, model: ManagedObjectModel, reader: inout TableColumns
    ) throws -> (JoinBinding?, [SchemaDifference]) {
        var candidates = [join.name]
        if relationship.destinationID == entity.id, let inverseName = relationship.inverseName {
            candidates.append(
                StoreNaming.joinTable(entityID: declaringID(of: join), relationship: inverseName))
        }
        var table: SQLName?
        var present: Set<String> = []
        for candidate in candidates {
            present = try reader.columns(of: candidate.sql)
            if !present.isEmpty {
                table = candidate
                break
            }
        }
        guard let table else {
            return (
                nil,
                [
                    SchemaDifference(
                        entity: entity.name, table: join.name.sql, column: nil,
                        problem: "the join table of \(entity.name).\(relationship.name) is missing")
                ]
            )
        }
        var differences: [SchemaDifference] = []
        func find(_ expected: SQLName, besides other: SQLName?) -> SQLName {
            if present.contains(expected.sql) { return expected }
            let base = String(expected.sql.reversed().drop(while: \.isNumber).reversed())
            let variants = present.filter { name in
                name != other?.sql && name.hasPrefix(base)
                    && name.dropFirst(base.count).allSatisfy(\.isNumber)
            }
            if variants.count == 1, let only = variants.first { return SQLName(only) }
            differences.append(
                SchemaDifference(
                    entity: entity.name, table: table.sql, column: expected.sql,
                    problem: "the join column of \(entity.name).\(relationship.name) is missing"))
            return expected
        }
        let source = find(join.sourceColumn, besides: nil)
        let destination = find(join.destinationColumn, besides: source)
        let order = join.orderColumn.map { _ in StoreNaming.orderColumn(of: destination) }
        let inverseOrder = join.inverseOrderColumn.map { _ in StoreNaming.orderColumn(of: source) }
        for column in [order, inverseOrder].compactMap(\.self) where !present.contains(column.sql) {
            differences.append(
                SchemaDifference(
                    entity: entity.name, table: table.sql, column: column.sql,
                    problem: "the order column of \(entity.name).\(relationship.name) is missing"))
        }
        let bound = ResolvedRelationship.JoinTable(
            name: table, sourceColumn: source, destinationColumn: destination,
            isPrimarySide: true, orderColumn: order, inverseOrderColumn: inverseOrder)
        return (JoinBinding(original: join, bound: bound), differences)
    }

    /// The entity number in a join table's name (`Z_18IGNOREDCLIENTS` gives 18).
    private static func declaringID(of join: ResolvedRelationship.JoinTable) -> Int {
        Int(join.name.sql.dropFirst(2).prefix(while: \.isNumber)) ?? 0
    }

    /// The columns of each table, read once.
    private struct TableColumns {
        let connection: Connection
        var known: [String: Set<String>] = [:]

        /// The table's columns; empty when there is no such table.
        mutating func columns(of table: String) throws -> Set<String> {
            if let columns = known[table] { return columns }
            let names = try connection.fetchAll(CatalogSQL.columnNames(of: table)) {
                $0.string(at: 0)
            }
            known[table] = Set(names)
            return Set(names)
        }
    }
}

/// A many-to-many's join table as the model derives it and as a store names it, both
/// seen from the side that creates the table.
struct JoinBinding {
    /// The names ``StoreNaming`` gives.
    var original: ResolvedRelationship.JoinTable
    /// The store's names.
    var bound: ResolvedRelationship.JoinTable
}

/// One way a store differs from a model: what, in which table and column.
package struct SchemaDifference: Sendable, Equatable, CustomStringConvertible {
    /// The entity concerned, if one is.
    package var entity: String?
    /// The table (`Z_PRIMARYKEY` for numbering).
    package var table: String
    /// The column, when one is missing.
    package var column: String?
    /// What is wrong.
    package var problem: String

    /// `ZUSER.ZNAME: the column is missing (entity User)`.
    package var description: String {
        (column.map { "\(table).\($0)" } ?? table) + ": " + problem
            + (entity.map { " (entity \($0))" } ?? "")
    }
}
