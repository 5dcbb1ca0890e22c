import SQLiteDB

/// The SELECTs of a fetch request, in Core Data's shapes:
///
/// - objects: `SELECT [DISTINCT] 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME … FROM ZUSER t0
///   [JOIN …] [WHERE …] [ORDER BY …] [LIMIT n] [OFFSET m]`, DISTINCT when an `ANY`
///   joins the members of a to-many;
/// - IDs only (`includesPropertyValues = false`): `SELECT 0, t0.Z_PK FROM …`;
/// - count: `SELECT COUNT(*) FROM ZUSER …`, or `COUNT(DISTINCT t0.Z_PK)` with a JOIN.
struct FetchSQL {
    let request: AnyFetchRequest
    let entity: Entity
    let model: ManagedObjectModel
    /// The predicate compiled: the request's, or (``FetchSelectCache``) one of the same
    /// shape with other constants.
    var predicate: FetchPredicate?

    init(request: AnyFetchRequest, entity: Entity, model: ManagedObjectModel) {
        self.request = request
        self.entity = entity
        self.model = model
        self.predicate = request.predicate
    }

    /// The object or ID query.
    /// With `columns`, only those (after `0, t0.Z_PK, t0.Z_OPT`) are selected.
    func select(layout: RowLayout, idsOnly: Bool, columns narrowed: [SQLName]? = nil) throws
        -> SQL
    {
        let (base, conditions, predicateJoins) = try fromAndWhere()
        var planner = predicateJoins
        var orderings: [SQL] = []
        for key in request.sortDescriptors {
            let column = try planner.column(for: key.keyPath, inner: false)
            orderings.append(key.ordering(column.sql))
        }
        var columns = idsOnly ? "\(layout.identityColumn), t0.Z_PK" : layout.selectList
        if let narrowed {
            columns = ObjectSelect.columnList(identity: layout.identityColumn, columns: narrowed)
        }
        var sql: SQL = planner.hasToManyJoins ? "SELECT DISTINCT " : "SELECT "
        sql.append("\(columns) FROM \(base)\(planner.joinClause)")
        if !conditions.isEmpty { sql.append(" WHERE " + conditions.joined(separator: " AND ")) }
        if !orderings.isEmpty { sql.append(" ORDER BY " + orderings.joined(separator: ", ")) }
        sql.append(limitClause)
        return sql
    }

    /// The count query.
    func count() throws -> SQL {
        let (from, conditions, planner) = try fromAndWhere()
        if conditions.isEmpty && !planner.hasJoins {
            return "SELECT COUNT(*) FROM \(entity.table)"
        }
        var sql: SQL = planner.hasJoins ? "SELECT COUNT(DISTINCT t0.Z_PK)" : "SELECT COUNT(*)"
        sql.append(" FROM \(from)\(planner.joinClause)")
        if !conditions.isEmpty { sql.append(" WHERE " + conditions.joined(separator: " AND ")) }
        return sql
    }

    /// The request's condition for an `UPDATE` or `DELETE` on `<table> AS t0`: the
    /// predicate itself, or `t0.Z_PK IN (SELECT t0.Z_PK FROM … JOIN … WHERE …)` when it
    /// reads through to-one relationships; nil for every row.
    func rowCondition() throws -> SQL? {
        let (from, conditions, planner) = try fromAndWhere()
        guard !conditions.isEmpty else { return nil }
        let condition = conditions.joined(separator: " AND ")
        guard planner.hasJoins else { return condition }
        return "t0.Z_PK IN (SELECT t0.Z_PK FROM \(from)\(planner.joinClause) WHERE "
            + condition + ")"
    }

    /// `ZUSER t0`, the conditions to AND together (sub-entity filter, predicate) and
    /// the planner holding the predicate's joins.
    func fromAndWhere() throws -> (SQL, [SQL], JoinPlanner) {
        var conditions: [SQL] = []
        let filter = EntityFilter.sql(for: entity, alias: "t0", prefix: "")
        if !filter.text.isEmpty { conditions.append(filter) }
        var compiler = PredicateSQLCompiler(
            planner: JoinPlanner(model: model, root: entity), joinsMembers: true)
        if let predicate {
            compiler.innerJoins = !predicate.joinsToOneOuter
            conditions.append(try compiler.compile(predicate.root))
        }
        return ("\(entity.table) t0", conditions, compiler.joins)
    }

    /// ` LIMIT n`, ` LIMIT -1 OFFSET m` or ` LIMIT n OFFSET m`: numbers written in, as
    /// Core Data writes them.
    var limitClause: SQL {
        var text = ""
        if request.fetchLimit > 0 {
            text += " LIMIT \(request.fetchLimit)"
        } else if request.fetchOffset > 0 {
            text += " LIMIT -1"
        }
        if request.fetchOffset > 0 { text += " OFFSET \(request.fetchOffset)" }
        return "\(raw: text)"
    }
}
