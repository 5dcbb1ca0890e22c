import SQLiteDB

/// The statements of batch requests, which run against the store without objects:
/// the batch INSERT (an upsert when the entity has uniqueness constraints), `UPDATE …
/// AS t0 SET …, Z_OPT = (Z_OPT + 1) WHERE …` and `DELETE FROM … AS t0 WHERE …`.
enum BatchSQL {
    /// The batch INSERT for `entity`: ``WriteSQL/insert(into:)`` with `Z_ENT` and
    /// `Z_OPT` = 1 bound once for every row, and with uniqueness constraints one
    /// `ON CONFLICT (…) DO UPDATE SET <other columns> = excluded.…, Z_OPT = (Z_OPT + 1)`
    /// per constraint and `RETURNING Z_PK`, so a row matching an existing one updates
    /// it and keeps its key.
    static func insert(into entity: Entity) -> SQL {
        var sql = WriteSQL.insert(into: entity)
        for constraint in entity.uniquenessConstraints {
            let list = constraint.map { "\($0)" as SQL }.joined(separator: ", ")
            let updates =
                entity.attributes.map(\.column).filter { !constraint.contains($0) }
                .map { "\($0) = excluded.\($0)" as SQL } + ["Z_OPT = (Z_OPT + 1)"]
            sql.append(
                " ON CONFLICT (\(list)) DO UPDATE SET \(updates.joined(separator: ", "))")
        }
        if !entity.uniquenessConstraints.isEmpty { sql.append(" RETURNING Z_PK") }
        let identity: [SQLArgument] = [0, .value(.integer(Int64(entity.id))), 1]
        return SQL(
            text: sql.text,
            arguments: identity + [SQLArgument](repeating: nil, count: entity.columns.count))
    }

    /// `UPDATE ZPOST AS t0 SET ZTITLE = ?, …, Z_OPT = (Z_OPT + 1) [WHERE …]`: each
    /// column set to its bound value, the rows those of `condition` (every row when nil).
    static func update(
        _ entity: Entity, values: [(column: SQLName, value: SQLiteValue)], condition: SQL?
    ) -> SQL {
        var assignments = values.map { "\($0.column) = \($0.value)" as SQL }
        assignments.append("Z_OPT = (Z_OPT + 1)")
        var sql: SQL = "UPDATE \(entity.table) AS t0 SET \(assignments.joined(separator: ", "))"
        if let condition { sql.append(" WHERE " + condition) }
        return sql
    }

    /// `DELETE FROM ZPOST AS t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))`: the
    /// rows of `keys` in `entity`'s table.
    static func delete(from entity: Entity, keys: IntegerList) -> SQL {
        "DELETE FROM \(entity.table) AS t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
    }

    /// `DELETE FROM ZPOST AS t0 [WHERE …]`: the rows of `condition` (every row when nil).
    static func delete(from entity: Entity, condition: SQL?) -> SQL {
        var sql: SQL = "DELETE FROM \(entity.table) AS t0"
        if let condition { sql.append(" WHERE " + condition) }
        return sql
    }
}
