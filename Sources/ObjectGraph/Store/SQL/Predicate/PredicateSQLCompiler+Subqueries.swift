import SQLiteDB

extension PredicateSQLCompiler {
    /// A correlated subquery over the members of one to-many relationship.
    struct SubqueryScope {
        /// Compiles conditions on a member (its table is the planner's root).
        var compiler: PredicateSQLCompiler
        /// `ZPOST t1`, or `Z_1TAGS t1`: the table the correlation ties to the owner.
        let firstTable: SQL
        /// `ZTAG t2 ON t1.Z_2TAGS = t2.Z_PK`, joined after the join table of a
        /// many-to-many.
        let memberJoin: SQL?
        /// Whether the members are rows of a sub-entity, filtered by `Z_ENT`.
        let isFiltered: Bool
        /// `(t0.Z_PK = t1.ZAUTHOR)`: ties the members to the outer object.
        let correlation: SQL
        /// For a many-to-many: the join table alone and its member column, which is all
        /// a plain `@count` reads (Core Data counts the join table directly).
        var joinRows: (table: SQL, column: SQL, correlation: SQL)? = nil

        /// The FROM clause with the joins the member conditions added.
        var from: SQL {
            var from = firstTable
            if let memberJoin { from.append(" JOIN " + memberJoin) }
            return from + compiler.planner.joinClause
        }
        /// The member's alias.
        var alias: SQLName { compiler.planner.rootAlias }
    }

    /// The index of the first to-many relationship of `keys`, nil when there is none.
    ///
    /// - Throws: ``FetchError/unknownKeyPath(entity:keyPath:)``.
    func firstToMany(_ keys: [String], keyPath: String) throws -> Int? {
        var entity = planner.root
        for (index, key) in keys.enumerated() {
            switch entity.property(named: key) {
            case .attribute where index == keys.count - 1: return nil
            case .relationship(let position):
                let relationship = entity.relationships[position]
                if relationship.isToMany { return index }
                entity = planner.model.entity(id: relationship.destinationID)
            default:
                throw FetchError.unknownKeyPath(entity: planner.root.name, keyPath: keyPath)
            }
        }
        return nil
    }

    /// The subquery over `prefix.relationship`, where `prefix` runs through to-ones.
    ///
    /// - Throws: ``FetchError/aggregateOnToOne(entity:keyPath:)`` when `relationship` is
    ///   not a to-many, or a key-path error.
    mutating func subqueryScope(_ keyPath: String, prefix: [String], relationship key: String)
        throws -> SubqueryScope
    {
        let owner: SQL
        let entity: Entity
        if prefix.isEmpty {
            owner = "\(planner.rootAlias).Z_PK"
            entity = planner.root
        } else {
            let column = try planner.column(for: prefix.joined(separator: "."), inner: true)
            guard case .toOne(_, let destination) = column.target else {
                throw FetchError.unknownKeyPath(entity: planner.root.name, keyPath: keyPath)
            }
            owner = column.sql
            entity = destination
        }
        guard let relationship = entity.relationship(named: key) else {
            throw entity.attribute(named: key) == nil
                ? FetchError.unknownKeyPath(entity: planner.root.name, keyPath: keyPath)
                : FetchError.aggregateOnToOne(entity: planner.root.name, keyPath: keyPath)
        }
        return try scope(for: relationship, owner: owner, keyPath: keyPath)
    }

    private func scope(for relationship: ResolvedRelationship, owner: SQL, keyPath: String) throws
        -> SubqueryScope
    {
        let destination = planner.model.entity(id: relationship.destinationID)
        let aliases = planner.aliases
        let firstTable: SQL
        var memberJoin: SQL?
        var correlation: SQL
        let memberAlias: SQLName
        var joinRows: (table: SQL, column: SQL, correlation: SQL)?
        switch relationship.storage {
        case .foreignKey:
            throw FetchError.aggregateOnToOne(entity: planner.root.name, keyPath: keyPath)
        case .inverseForeignKey(let column, _):
            memberAlias = aliases.make()
            firstTable = "\(destination.table) \(memberAlias)"
            correlation = "\(owner) = \(memberAlias).\(column)"
        case .joinTable(let joinTable):
            let rowAlias = aliases.make()
            memberAlias = aliases.make()
            firstTable = "\(joinTable.name) \(rowAlias)"
            memberJoin =
                "\(destination.table) \(memberAlias) "
                + "ON \(rowAlias).\(joinTable.destinationColumn) = \(memberAlias).Z_PK"
            correlation = "\(owner) = \(rowAlias).\(joinTable.sourceColumn)"
            if destination.parentID == nil {
                joinRows = (
                    "\(joinTable.name) \(rowAlias)", "\(rowAlias).\(joinTable.destinationColumn)",
                    "(\(correlation))"
                )
            }
        }
        correlation.append(EntityFilter.sql(for: destination, alias: memberAlias, prefix: " AND "))
        let planner = JoinPlanner(
            model: planner.model, root: destination, rootAlias: memberAlias, aliases: aliases)
        return SubqueryScope(
            compiler: PredicateSQLCompiler(planner: planner), firstTable: firstTable,
            memberJoin: memberJoin, isFiltered: destination.parentID != nil,
            correlation: "(\(correlation))", joinRows: joinRows)
    }

    /// `(SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK = t1.ZAUTHOR))` and the other
    /// aggregates, with the type of their result.
    mutating func aggregate(
        _ function: AggregateFunction, of collection: PredicateExpression, key: String?
    ) throws -> Operand {
        var scope: SubqueryScope
        var condition: SQL = ""
        let described: String
        switch collection {
        case .keyPath(let keyPath):
            let keys = try localKeys(keyPath)
            guard let last = keys.last else {
                throw FetchError.aggregateOnToOne(entity: planner.root.name, keyPath: keyPath)
            }
            scope = try subqueryScope(keyPath, prefix: Array(keys.dropLast()), relationship: last)
            described = keyPath
            if function == .count, let rows = scope.joinRows {
                let sql: SQL =
                    "(SELECT COUNT(\(rows.column)) FROM \(rows.table) WHERE \(rows.correlation))"
                return Operand(sql: sql, kind: .attribute(.integer64), keyPath: described)
            }
        case .subquery(let keyPath, let variable, let predicate):
            let keys = try localKeys(keyPath)
            guard let last = keys.last else {
                throw FetchError.aggregateOnToOne(entity: planner.root.name, keyPath: keyPath)
            }
            scope = try subqueryScope(keyPath, prefix: Array(keys.dropLast()), relationship: last)
            var inner = PredicateSQLCompiler(planner: scope.compiler.planner, variable: variable)
            condition = " AND \(try inner.compile(predicate))"
            scope.compiler = inner
            described = "SUBQUERY(\(keyPath))"
        default:
            throw FetchError.unsupportedComparison("\(function.rawValue) of \(collection)")
        }
        let (column, type) = try aggregated(function, key: key, in: &scope, described)
        let sql: SQL =
            "(SELECT \(function.sql(column)) FROM \(scope.from) WHERE "
            + "\(scope.correlation)\(condition))"
        return Operand(sql: sql, kind: .attribute(type), keyPath: described)
    }

    private func aggregated(
        _ function: AggregateFunction, key: String?, in scope: inout SubqueryScope,
        _ described: String
    ) throws -> (SQL, AttributeType) {
        guard let key else { return ("\(scope.alias).Z_PK", .integer64) }
        let column = try scope.compiler.planner.column(for: key, inner: true)
        guard case .attribute(let attribute) = column.target else {
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: described + ".\(function.rawValue).\(key)",
                expected: "an attribute",
                actual: "a relationship")
        }
        return (column.sql, function == .avg ? .double : attribute.type)
    }
}
