import SQLiteDB

/// The SELECT of a dictionary fetch and how to read its rows, in Core Data's shape:
/// only the requested columns (`t0.Z_ENT, t0.Z_PK` only for `objectID`), aggregates as
/// SQL functions (`COUNT( t0.ZAGE)`, `total( … )` for `sum:`), `SELECT DISTINCT`,
/// `GROUP BY`, `HAVING` (aggregates then named `AS __var0` …), then ORDER BY and LIMIT.
struct DictionaryQuery {
    /// How one result column turns into a dictionary value.
    enum Reader {
        case attribute(AttributeType)
        case toOne(Entity)
        case objectID
        case count
        case average
        case sum(AttributeType)
    }

    /// The statement.
    let sql: SQL
    /// Dictionary keys with their readers, in column order (objectID uses two columns).
    let columns: [(name: String, reader: Reader)]

    /// The query for `request` on `entity`.
    ///
    /// - Throws: ``FetchError`` for unknown key paths or a request without properties.
    init(request: FetchRequest, entity: Entity, model: ManagedObjectModel) throws {
        let builder = FetchSQL(request: request, entity: entity, model: model)
        var (from, conditions, planner) = try builder.fromAndWhere()
        let properties = request.propertiesToFetch ?? entity.attributes.map { .key($0.name) }
        var list: [String] = []
        var columns: [(String, Reader)] = []
        var having: [String: String] = [:]
        var aliases = 0
        for property in properties {
            var (sql, reader) = try Self.column(property, planner: &planner)
            if request.havingPredicate != nil, case .expression = property {
                let alias = "__var\(aliases)"
                aliases += 1
                sql += " AS \(alias)"
                having[property.name] = alias
            } else if request.havingPredicate != nil {
                having[property.name] = sql
            }
            list.append(sql)
            columns.append((property.name, reader))
        }
        let groups = try request.propertiesToGroupBy.map {
            try planner.column(for: $0, inner: false).sql
        }
        let orderings = try request.sortDescriptors.map {
            try planner.column(for: $0.keyPath, inner: false).sql + ($0.ascending ? "" : " DESC")
        }
        let distinct = request.returnsDistinctResults ? "DISTINCT " : ""
        from += planner.joinClause
        var sql: SQL =
            "SELECT \(raw: distinct)\(raw: list.joined(separator: ", ")) FROM \(raw: from)"
        if !conditions.isEmpty { sql.append(" WHERE " + conditions.joined(separator: " AND ")) }
        if !groups.isEmpty { sql.append("\(raw: " GROUP BY " + groups.joined(separator: ", "))") }
        if let predicate = request.havingPredicate {
            let clause = HavingClause(columns: having)
            sql.append(" HAVING " + (try clause.compile(predicate.root, entity: entity.name)))
        }
        if !orderings.isEmpty {
            sql.append("\(raw: " ORDER BY " + orderings.joined(separator: ", "))")
        }
        sql.append(builder.limitClause)
        self.sql = sql
        self.columns = columns
    }

    private static func column(_ property: FetchProperty, planner: inout JoinPlanner) throws
        -> (String, Reader)
    {
        switch property {
        case .key("objectID"):
            return ("t0.Z_ENT, t0.Z_PK", .objectID)
        case .key(let keyPath):
            let column = try planner.column(for: keyPath, inner: false)
            switch column.target {
            case .attribute(let attribute): return (column.sql, .attribute(attribute.type))
            case .toOne(_, let destination): return (column.sql, .toOne(destination))
            }
        case .expression(let expression):
            let column = try planner.column(for: expression.keyPath, inner: false)
            let sql = "\(expression.function.sql)( \(column.sql))"
            guard case .attribute(let attribute) = column.target else {
                return (sql, .count)
            }
            switch expression.function {
            case .count: return (sql, .count)
            case .average: return (sql, .average)
            case .sum: return (sql, .sum(attribute.type))
            case .min, .max: return (sql, .attribute(attribute.type))
            }
        }
    }
}
