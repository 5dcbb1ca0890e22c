import SQLiteDB

/// The SELECTs that read objects by key rather than by predicate: a fault, a to-many
/// fault, a batch of a batched fetch and each prefetch level, in Core Data's shapes.
///
/// Each is a pure function of resolved entities, relationships and a ``RowLayout``;
/// keys are bound (one `?`, or one integer list read through `_Z_intarray0`).
enum ObjectSelect {
    /// `0, t0.Z_PK, t0.Z_OPT, t0.ZA, t0.ZB`: the identity columns, then `columns` of `t0`.
    static func columnList(identity: SQL, columns: [SQLName]) -> SQL {
        ([identity, "t0.Z_PK", "t0.Z_OPT"] + columns.map { "t0.\($0)" })
            .joined(separator: ", ")
    }

    /// `SELECT <row> FROM ZPOST t0 WHERE t0.Z_PK = ?`: firing one object's fault. The
    /// text is the layout's (built once per entity), so a fault builds no string.
    static func fault(_ layout: RowLayout, primaryKey: Int64) -> SQL {
        SQL(text: layout.faultText, arguments: [.value(.integer(primaryKey))])
    }

    /// The text of ``fault(_:primaryKey:)`` for an entity's select list and table.
    static func faultText(selectList: SQL, table: SQLName) -> String {
        let sql: SQL = "SELECT \(selectList) FROM \(table) t0 WHERE t0.Z_PK = \(Int64(0))"
        return sql.text
    }

    /// The destination IDs of one object's to-many: `SELECT 0, t0.Z_PK FROM ZPOST t0
    /// WHERE t0.ZAUTHOR = ?`, or through the join table of a many-to-many; ordered by
    /// position when the relationship is ordered.
    static func toMany(
        _ relationship: ResolvedRelationship, destination: RowLayout, primaryKey: Int64
    ) -> SQL {
        let table = destination.entity.table
        var sql: SQL
        switch relationship.storage {
        case .inverseForeignKey(let column, _):
            sql =
                "SELECT \(destination.identityColumn), t0.Z_PK FROM \(table) t0 WHERE "
                + "t0.\(column) = \(primaryKey)"
        case .joinTable(let join):
            sql =
                "SELECT \(destination.identityColumn), t0.Z_PK FROM \(join.name) t1 JOIN "
                + "\(table) t0 ON t0.Z_PK = t1.\(join.destinationColumn) "
                + "WHERE t1.\(join.sourceColumn) = \(primaryKey)"
        case .foreignKey:
            preconditionFailure("\(relationship.name) is a to-one")
        }
        sql.append(EntityFilter.sql(for: destination.entity, alias: "t0", prefix: " AND "))
        switch relationship.storage {
        case .inverseForeignKey(_, let order?): sql.append(" ORDER BY t0.\(order)")
        case .joinTable(let join):
            if let order = join.orderColumn { sql.append(" ORDER BY t1.\(order)") }
        default: break
        }
        return sql
    }

    /// One batch of a batched fetch: `SELECT <row> FROM ZPOST t0 WHERE t0.Z_PK IN
    /// (SELECT * FROM _Z_intarray0(?)) LIMIT <batch size>` (no ORDER BY: the caller
    /// puts rows in its ID list's order).
    static func batch(_ layout: RowLayout, keys: IntegerList, limit: Int) -> SQL {
        "SELECT \(layout.selectList) FROM \(layout.entity.table) t0 WHERE t0.Z_PK IN "
            + "(SELECT * FROM _Z_intarray0(\(keys))) LIMIT \(raw: String(limit))"
    }

    /// A to-one prefetch level: `SELECT <row> FROM ZUSER t0 WHERE t0.Z_PK IN (SELECT *
    /// FROM _Z_intarray0(?))`, keyed by the destinations' keys.
    static func prefetchToOne(_ destination: RowLayout, keys: IntegerList) -> SQL {
        "SELECT \(destination.selectList) FROM \(destination.entity.table) t0 WHERE "
            + "t0.Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
    }

    /// A one-to-many prefetch level, keyed by the owners' keys and ordered by owner
    /// (then position): `… FROM ZPOST t0 WHERE t0.ZAUTHOR IN (SELECT * FROM
    /// _Z_intarray0(?)) ORDER BY t0.ZAUTHOR`.
    static func prefetchOneToMany(
        _ destination: RowLayout, column: SQLName, order: SQLName?, owners: IntegerList
    ) -> SQL {
        var sql: SQL =
            "SELECT \(destination.selectList) FROM \(destination.entity.table) t0 WHERE "
            + "t0.\(column) IN (SELECT * FROM _Z_intarray0(\(owners)))"
        sql.append(EntityFilter.sql(for: destination.entity, alias: "t0", prefix: " AND "))
        sql.append(" ORDER BY t0.\(column)")
        if let order { sql.append(", t0.\(order)") }
        return sql
    }

    /// A many-to-many prefetch level through the join table, the owner's key as the
    /// last column: `SELECT <row>, t1.Z_3POSTS FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK =
    /// t1.Z_2TAGS WHERE t1.Z_3POSTS IN (SELECT * FROM _Z_intarray0(?)) ORDER BY
    /// t1.Z_3POSTS`.
    static func prefetchManyToMany(
        _ destination: RowLayout, join: ResolvedRelationship.JoinTable, owners: IntegerList
    ) -> SQL {
        var sql: SQL =
            "SELECT \(destination.selectList), t1.\(join.sourceColumn) FROM \(join.name) t1 "
            + "JOIN \(destination.entity.table) t0 ON t0.Z_PK = t1.\(join.destinationColumn) "
            + "WHERE t1.\(join.sourceColumn) IN (SELECT * FROM _Z_intarray0(\(owners)))"
        sql.append(EntityFilter.sql(for: destination.entity, alias: "t0", prefix: " AND "))
        sql.append(" ORDER BY t1.\(join.sourceColumn)")
        if let order = join.orderColumn { sql.append(", t1.\(order)") }
        return sql
    }
}
