import ObjectGraph
import SQLiteDB
import Workloads

/// Where an entity's relationship lives in Core Data's layout, and the raw floors of
/// the relationship scenarios written against it. Cost: a few lookups in the model.
struct RelationshipLayout {
    let entity: Entity
    let relationship: ResolvedRelationship
    let destination: Entity
    /// The destination's first attribute, read through each to-one (nil: none).
    let destinationAttribute: ResolvedAttribute?

    /// The layout of `entity.relationship` in `schema`'s model.
    /// - Throws: ``ModelScenarioError`` when the model has no such relationship.
    init(_ schema: DatasetSchema, _ entityName: String, _ relationshipName: String) throws {
        guard let entity = schema.model.entity(named: entityName),
            let relationship = entity.relationship(named: relationshipName)
        else {
            throw ModelScenarioError("\(entityName) has no relationship \(relationshipName)")
        }
        self.entity = entity
        self.relationship = relationship
        destination = schema.model.entity(id: relationship.destinationID)
        destinationAttribute = destination.attributes.first
    }

    /// `WHERE t0.Z_ENT BETWEEN …`: the entity and its sub-entities in a shared table.
    private var entityFilter: String {
        "WHERE t0.Z_ENT BETWEEN \(entity.descendantIDs.lowerBound) AND "
            + "\(entity.descendantIDs.upperBound)"
    }

    /// Each object's key, destination key and destination's first attribute, in one
    /// LEFT JOIN.
    func rawToOne(_ connection: Connection) throws -> UInt64 {
        guard case .foreignKey(let key) = relationship.storage else {
            throw ModelScenarioError("\(entity.name).\(relationship.name) is not a to-one")
        }
        let value = destinationAttribute.map { "t1.\($0.column.sql)" } ?? "NULL"
        let sql = SQL(
            text: "SELECT t0.Z_PK, t0.\(key.column.sql), \(value) FROM \(entity.table.sql) t0 "
                + "LEFT JOIN \(destination.table.sql) t1 ON t1.Z_PK = t0.\(key.column.sql) "
                + entityFilter)
        var digest = RowDigest()
        try connection.forEachRow(sql) { row in
            let value = destinationAttribute.map {
                [RowDigest.canonical(stored: row.value(at: 2), as: $0)]
            }
            digest.add(key: row.int64(at: 0), values: [row.value(at: 1)] + (value ?? []))
        }
        return digest.value
    }

    /// How many objects of the entity the store holds, and how many of them have the
    /// relationship set (a destination, or at least one member): one SELECT.
    func filledRows(_ connection: Connection) throws -> (rows: Int64, filled: Int64) {
        let isSet: String
        switch relationship.storage {
        case .foreignKey(let key): isSet = "t0.\(key.column.sql) IS NOT NULL"
        case .inverseForeignKey(let column, _):
            isSet =
                "EXISTS (SELECT 1 FROM \(destination.table.sql) t1 WHERE t1.\(column.sql) = t0.Z_PK)"
        case .joinTable(let join):
            isSet =
                "EXISTS (SELECT 1 FROM \(join.name.sql) j WHERE j.\(join.sourceColumn.sql) = t0.Z_PK)"
        }
        let sql = SQL(
            text: "SELECT count(*), coalesce(sum(\(isSet)), 0) FROM \(entity.table.sql) t0 "
                + entityFilter)
        var counts: (rows: Int64, filled: Int64) = (0, 0)
        try connection.forEachRow(sql) { row in counts = (row.int64(at: 0), row.int64(at: 1)) }
        return counts
    }

    /// Each object's key and member count, in one SELECT with a correlated COUNT.
    func rawToMany(_ connection: Connection) throws -> UInt64 {
        let count: String
        switch relationship.storage {
        case .inverseForeignKey(let column, _):
            count =
                "SELECT COUNT(*) FROM \(destination.table.sql) t1 WHERE t1.\(column.sql) = t0.Z_PK"
        case .joinTable(let join):
            count =
                "SELECT COUNT(*) FROM \(join.name.sql) j WHERE j.\(join.sourceColumn.sql) = t0.Z_PK"
        case .foreignKey:
            throw ModelScenarioError("\(entity.name).\(relationship.name) is not a to-many")
        }
        let sql = SQL(
            text: "SELECT t0.Z_PK, (\(count)) FROM \(entity.table.sql) t0 \(entityFilter)")
        var digest = RowDigest()
        try connection.forEachRow(sql) { row in
            digest.add(key: row.int64(at: 0), values: [.integer(row.int64(at: 1))])
        }
        return digest.value
    }
}
