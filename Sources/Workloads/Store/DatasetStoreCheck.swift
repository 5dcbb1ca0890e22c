import ObjectGraph
import SQLiteDB

/// Checks a generated store against its model, so a dataset that contradicts the
/// model fails loudly instead of being measured: every required attribute and to-one
/// is set, both sides of every one-to-one point at each other, and every to-many
/// holds between its minimum and maximum count of members.
///
/// Cost: one COUNT query per required property, one-to-one and counted to-many, each
/// a scan of the entity's table (with a correlated lookup for inverses and counts).
enum DatasetStoreCheck {
    /// Every contradiction found, one line each (`Folder.parent: 12 of 100 rows have
    /// none, but it is required`); empty for a consistent store.
    ///
    /// - Throws: ``SQLiteError`` when a query fails.
    static func problems(in connection: Connection, model: ManagedObjectModel) throws
        -> [String]
    {
        var problems: [String] = []
        for entity in model.resolvedEntities where !entity.isAbstract {
            let rows = try count(
                connection, "SELECT count(*) FROM \(entity.table) WHERE Z_ENT = \(entity.id)")
            guard rows > 0 else { continue }
            for attribute in entity.attributes where !attribute.isOptional {
                let missing = try count(
                    connection,
                    "SELECT count(*) FROM \(entity.table) WHERE Z_ENT = \(entity.id) AND \(attribute.column) IS NULL"
                )
                if missing > 0 {
                    problems.append(
                        "\(entity.name).\(attribute.name): \(missing) of \(rows) rows have no "
                            + "value, but it is required")
                }
            }
            for relationship in entity.relationships {
                problems += try check(relationship, of: entity, rows: rows, connection, model)
            }
        }
        return problems
    }

    private static func check(
        _ relationship: ResolvedRelationship, of entity: Entity, rows: Int64,
        _ connection: Connection, _ model: ManagedObjectModel
    ) throws -> [String] {
        let name = "\(entity.name).\(relationship.name)"
        let destination = model.entity(id: relationship.destinationID)
        switch relationship.storage {
        case .foreignKey(let key):
            var found: [String] = []
            if !relationship.isOptional {
                let missing = try count(
                    connection,
                    "SELECT count(*) FROM \(entity.table) WHERE Z_ENT = \(entity.id) AND \(key.column) IS NULL"
                )
                if missing > 0 {
                    found.append(
                        "\(name): \(missing) of \(rows) rows have none, but it is required")
                }
            }
            if let inverse = relationship.inverseName.flatMap(destination.relationship(named:)),
                case .foreignKey(let back) = inverse.storage
            {
                let oneSided = try count(
                    connection,
                    "SELECT count(*) FROM \(entity.table) a WHERE a.Z_ENT = \(entity.id) AND a.\(key.column) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(destination.table) b WHERE b.Z_PK = a.\(key.column) AND b.\(back.column) = a.Z_PK)"
                )
                if oneSided > 0 {
                    found.append(
                        "\(name): \(oneSided) rows point at an object whose \(inverse.name) does "
                            + "not point back (a one-to-one set on one side only)")
                }
            }
            return found
        case .inverseForeignKey(let column, _):
            return try checkCount(
                relationship, of: entity, connection, model,
                members: "SELECT count(*) FROM \(destination.table) c WHERE c.\(column) = p.Z_PK")
        case .joinTable(let join):
            return try checkCount(
                relationship, of: entity, connection, model,
                members: "SELECT count(*) FROM \(join.name) j WHERE j.\(join.sourceColumn) = p.Z_PK"
            )
        }
    }

    /// The rows of `entity` (aliased `p`) whose member count, given by `members`, is
    /// outside the relationship's minimum and maximum (an optional one may be empty).
    private static func checkCount(
        _ relationship: ResolvedRelationship, of entity: Entity, _ connection: Connection,
        _ model: ManagedObjectModel, members: SQL
    ) throws -> [String] {
        guard let declared = declaration(of: relationship.name, in: entity.name, model),
            declared.minCount > 0 || declared.maxCount > 0
        else { return [] }
        let maximum = declared.maxCount > 0 ? declared.maxCount : Int.max
        var sql: SQL =
            "SELECT count(*) FROM \(entity.table) p WHERE p.Z_ENT = \(entity.id) AND ("
        sql.append(members)
        sql.append(") NOT BETWEEN \(declared.minCount) AND \(maximum)")
        if relationship.isOptional {
            sql.append(" AND (")
            sql.append(members)
            sql.append(") > 0")
        }
        let outside = try count(connection, sql)
        guard outside > 0 else { return [] }
        let bounds =
            declared.maxCount > 0
            ? "\(declared.minCount) to \(declared.maxCount)" : "at least \(declared.minCount)"
        return [
            "\(entity.name).\(relationship.name): \(outside) rows have a member count "
                + "outside \(bounds)"
        ]
    }

    /// The relationship as declared on the entity or the nearest ancestor.
    private static func declaration(
        of name: String, in entity: String, _ model: ManagedObjectModel
    ) -> RelationshipDescription? {
        var current: String? = entity
        while let entityName = current,
            let description = model.entities.first(where: { $0.name == entityName })
        {
            if let found = description.relationships.first(where: { $0.name == name }) {
                return found
            }
            current = description.parent
        }
        return nil
    }

    private static func count(_ connection: Connection, _ sql: SQL) throws -> Int64 {
        try connection.fetchOne(sql) { $0.int64(at: 0) } ?? 0
    }
}
