import SQLiteDB

/// The SELECT of a dictionary fetch and how to read its rows, in Core Data's shape:
/// only the requested columns (`t0.Z_ENT, t0.Z_PK` only for `objectID`), aggregates as
/// SQL functions (`COUNT( t0.ZAGE)`, `total( … )` for `sum:`), `SELECT DISTINCT`,
/// `GROUP BY`, `HAVING` (aggregates then named `AS __var0` …), then ORDER BY and LIMIT.
struct DictionaryQuery {
    /// How one result column turns into a dictionary value.
    enum Reader {
        case attribute(AttributeType)
        /// A transformable attribute: its bytes through its transformer.
        case transformed(ResolvedAttribute)
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
    init(request: AnyFetchRequest, entity: Entity, model: ManagedObjectModel) throws {
        let builder = FetchSQL(request: request, entity: entity, model: model)
        var (from, conditions, planner) = try builder.fromAndWhere()
        let properties = request.propertiesToFetch ?? entity.attributes.map { .key($0.name) }
        var list: [SQL] = []
        var columns: [(String, Reader)] = []
        var having: [String: SQL] = [:]
        var aliases = 0
        for property in properties {
            var (sql, reader) = try Self.column(property, planner: &planner)
            if request.havingPredicate != nil, case .expression = property {
                let alias = SQLName("__var\(aliases)")
                aliases += 1
                sql.append(" AS \(alias)")
                having[property.name] = "\(alias)"
            } else if request.havingPredicate != nil {
                having[property.name] = sql
            }
            list.append(sql)
            columns.append((property.name, reader))
        }
        let groups = try request.propertiesToGroupBy.map {
            try planner.column(for: $0, inner: false).sql
        }
        let orderings = try request.sortDescriptors.map { key -> SQL in
            let column = try planner.column(for: key.keyPath, inner: false).sql
            return key.ordering(column)
        }
        from.append(planner.joinClause)
        var sql: SQL = request.returnsDistinctResults ? "SELECT DISTINCT " : "SELECT "
        sql.append("\(list.joined(separator: ", ")) FROM \(from)")
        if !conditions.isEmpty { sql.append(" WHERE " + conditions.joined(separator: " AND ")) }
        if !groups.isEmpty { sql.append(" GROUP BY " + groups.joined(separator: ", ")) }
        if let predicate = request.havingPredicate {
            let clause = HavingClause(columns: having)
            sql.append(" HAVING " + (try clause.compile(predicate.root, entity: entity.name)))
        }
        if !orderings.isEmpty { sql.append(" ORDER BY " + orderings.joined(separator: ", ")) }
        sql.append(builder.limitClause)
        self.sql = sql
        self.columns = columns
    }

    private static func column(_ property: FetchProperty, planner: inout JoinPlanner) throws
        -> (SQL, Reader)
    {
        switch property {
        case .key("objectID"):
            return ("t0.Z_ENT, t0.Z_PK", .objectID)
        case .key(let keyPath):
            let column = try planner.column(for: keyPath, inner: false)
            switch column.target {
            case .attribute(let attribute):
                return (
                    column.sql,
                    attribute.transformer == nil
                        ? .attribute(attribute.type) : .transformed(attribute)
                )
            case .toOne(_, let destination): return (column.sql, .toOne(destination))
            }
        case .expression(let expression):
            switch expression.kind {
            case .aggregate(let function, let keyPath):
                return try aggregate(function, of: keyPath, planner: &planner)
            case .perRow(let parsed, let source):
                return try perRow(parsed, source: source, planner: &planner)
            }
        }
    }

    private static func aggregate(
        _ function: FetchExpression.Function, of keyPath: String, planner: inout JoinPlanner
    ) throws -> (SQL, Reader) {
        let column = try planner.column(for: keyPath, inner: false)
        let sql: SQL = "\(raw: function.sql)( \(column.sql))"
        guard case .attribute(let attribute) = column.target else { return (sql, .count) }
        switch function {
        case .count: return (sql, .count)
        case .average: return (sql, .average)
        case .sum: return (sql, .sum(attribute.type))
        case .min, .max: return (sql, .attribute(attribute.type))
        }
    }

    /// A per-row expression through the predicate compiler, so `posts.@count` is the
    /// same correlated subquery as in a WHERE clause; its joins join the statement.
    private static func perRow(
        _ expression: PredicateExpression, source: String, planner: inout JoinPlanner
    ) throws -> (SQL, Reader) {
        var compiler = PredicateSQLCompiler(planner: planner)
        compiler.innerJoins = false
        let operand = try compiler.operand(expression)
        planner = compiler.joins
        switch operand.kind {
        case .attribute(let type): return (operand.sql, .attribute(type))
        case .object(let entity): return (operand.sql, .toOne(entity))
        case .constant:
            throw FetchError.unsupportedComparison(
                "the fetch expression \"\(source)\" is a constant, not a key path")
        }
    }
}
