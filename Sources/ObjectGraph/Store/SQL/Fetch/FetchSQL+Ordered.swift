import SQLiteDB

extension FetchSQL {
    /// A fetched-results controller's query: the request's SELECT with `Z_PK` as the
    /// last ORDER BY term, so rows that tie on the sort keys come back in one
    /// defined order that the controller's in-memory ordering reproduces.
    ///
    /// - rows: every column of the entity's row layout (batch size 0);
    /// - keys: `0, t0.Z_PK` then each sort key's column (batch size B), the controller's
    ///   ordering without loading objects.
    ///
    /// - Returns: the statement and the attribute each sort column holds.
    /// - Throws: ``FetchError`` for a sort key that is not an attribute (or a key path
    ///   through to-ones ending at one).
    func orderedSelect(layout: RowLayout, keysOnly: Bool) throws
        -> (SQL, [ResolvedAttribute])
    {
        let (base, conditions, predicateJoins) = try fromAndWhere()
        var planner = predicateJoins
        var orderings: [SQL] = []
        var sortColumns: [SQL] = []
        var attributes: [ResolvedAttribute] = []
        for key in request.sortDescriptors {
            let column = try planner.column(for: key.keyPath, inner: false)
            guard case .attribute(let attribute) = column.target else {
                throw FetchError.unknownKeyPath(entity: entity.name, keyPath: key.keyPath)
            }
            attributes.append(attribute)
            sortColumns.append(column.sql)
            orderings.append(key.ascending ? column.sql : column.sql + " DESC")
        }
        orderings.append("t0.Z_PK")
        let columns: SQL =
            keysOnly
            ? (["\(layout.identityColumn), t0.Z_PK"] + sortColumns).joined(separator: ", ")
            : "\(layout.selectList)"
        var sql: SQL = planner.hasToManyJoins ? "SELECT DISTINCT " : "SELECT "
        sql.append("\(columns) FROM \(base)\(planner.joinClause)")
        if !conditions.isEmpty { sql.append(" WHERE " + conditions.joined(separator: " AND ")) }
        sql.append(" ORDER BY " + orderings.joined(separator: ", "))
        return (sql, attributes)
    }
}

extension StoreCoordinator {
    /// The IDs and sort-key values of every row a request selects, in the
    /// controller's order (``FetchSQL/orderedSelect(layout:keysOnly:)``); nothing is
    /// cached.
    ///
    /// Cost: one SELECT of the key and the sort columns.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchOrderedKeys(for request: AnyFetchRequest, entity: Entity) throws
        -> [(ObjectID, [PredicateValue])]
    {
        let layout = layout(for: entity)
        let (sql, attributes) = try FetchSQL(request: request, entity: entity, model: model)
            .orderedSelect(layout: layout, keysOnly: true)
        return try withConnection { connection in
            try connection.fetchAll(sql) { statement in
                let id = layout.objectID(from: statement, model: model, store: storeUUID)
                let keys = attributes.enumerated().map { offset, attribute in
                    PredicateValue(attribute.type.decode(statement.value(at: Int32(offset + 2))))
                        ?? .null
                }
                return (id, keys)
            }
        }
    }

    /// Every row a request selects, in the controller's order, into the row cache.
    ///
    /// Cost: one SELECT of whole rows.
    ///
    /// - Throws: ``FetchError`` or `SQLiteError`.
    func fetchOrderedRows(for request: AnyFetchRequest, entity: Entity) throws -> [RowSnapshot] {
        let layout = layout(for: entity)
        let (sql, _) = try FetchSQL(request: request, entity: entity, model: model)
            .orderedSelect(layout: layout, keysOnly: false)
        return try fetchRows(sql, layout: layout, cache: true)
    }
}
