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
            orderings.append(key.ordering(column.sql))
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
